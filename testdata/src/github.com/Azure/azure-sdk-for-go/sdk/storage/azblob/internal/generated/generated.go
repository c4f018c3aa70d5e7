// Package generated synthesizes the part of github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/internal/generated that fencecheck's tests need, with the real signatures.
package generated

import (
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
)

type BlobClient struct{}

type BlockBlobClient struct{}

type LeaseAccessConditions struct {
	LeaseID *string
}

type ModifiedAccessConditions struct {
	IfMatch           *azcore.ETag
	IfModifiedSince   *time.Time
	IfNoneMatch       *azcore.ETag
	IfTags            *string
	IfUnmodifiedSince *time.Time
}

type BlockBlobClientUploadResponse struct {
	ETag         *azcore.ETag
	LastModified *time.Time
	VersionID    *string
}

type BlockBlobClientCommitBlockListResponse struct {
	ETag         *azcore.ETag
	LastModified *time.Time
	VersionID    *string
}
