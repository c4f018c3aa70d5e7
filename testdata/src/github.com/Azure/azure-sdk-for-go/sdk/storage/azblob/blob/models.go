// Package blob synthesizes the part of github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/blob that fencecheck's tests need, with the real signatures.
package blob

import "github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/internal/exported"

type AccessConditions = exported.BlobAccessConditions

type LeaseAccessConditions = exported.LeaseAccessConditions

type ModifiedAccessConditions = exported.ModifiedAccessConditions
