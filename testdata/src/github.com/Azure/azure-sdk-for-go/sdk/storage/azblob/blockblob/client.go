// Package blockblob synthesizes the part of github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/blockblob that fencecheck's tests need, with the real signatures.
package blockblob

import (
	"context"
	"io"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/blob"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/internal/base"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/internal/generated"
)

type Client base.CompositeClient[generated.BlobClient, generated.BlockBlobClient]

type UploadOptions struct {
	Tags             map[string]string
	Metadata         map[string]*string
	AccessConditions *blob.AccessConditions
}

type UploadResponse = generated.BlockBlobClientUploadResponse

func (bb *Client) Upload(ctx context.Context, body io.ReadSeekCloser, options *UploadOptions) (UploadResponse, error) {
	return UploadResponse{}, nil
}

type uploadFromReaderOptions struct {
	BlockSize        int64
	Metadata         map[string]*string
	AccessConditions *blob.AccessConditions
	Tags             map[string]string
	Concurrency      uint16
}

type UploadBufferOptions = uploadFromReaderOptions

type uploadFromReaderResponse struct {
	ETag         *azcore.ETag
	LastModified *time.Time
	VersionID    *string
}

type UploadBufferResponse = uploadFromReaderResponse

func (bb *Client) UploadBuffer(ctx context.Context, buffer []byte, o *UploadBufferOptions) (UploadBufferResponse, error) {
	return UploadBufferResponse{}, nil
}

type UploadStreamOptions struct {
	BlockSize        int64
	Concurrency      int
	Metadata         map[string]*string
	AccessConditions *blob.AccessConditions
	Tags             map[string]string
}

type CommitBlockListResponse = generated.BlockBlobClientCommitBlockListResponse

type UploadStreamResponse = CommitBlockListResponse

func (bb *Client) UploadStream(ctx context.Context, body io.Reader, o *UploadStreamOptions) (UploadStreamResponse, error) {
	return UploadStreamResponse{}, nil
}

type CommitBlockListOptions struct {
	Tags             map[string]string
	Metadata         map[string]*string
	AccessConditions *blob.AccessConditions
}

func (bb *Client) CommitBlockList(ctx context.Context, base64BlockIDs []string, options *CommitBlockListOptions) (CommitBlockListResponse, error) {
	return CommitBlockListResponse{}, nil
}
