// Package exported synthesizes the part of github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/internal/exported that fencecheck's tests need, with the real signatures.
package exported

import "github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/internal/generated"

type BlobAccessConditions struct {
	LeaseAccessConditions    *LeaseAccessConditions
	ModifiedAccessConditions *ModifiedAccessConditions
}

type LeaseAccessConditions = generated.LeaseAccessConditions

type ModifiedAccessConditions = generated.ModifiedAccessConditions
