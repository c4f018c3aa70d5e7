// Package manager synthesizes the part of github.com/aws/aws-sdk-go-v2/feature/s3/manager that fencecheck's tests need, with the real signatures.
package manager

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// UploadAPIClient also lists UploadPart, CreateMultipartUpload and
// AbortMultipartUpload in the real package.
type UploadAPIClient interface {
	PutObject(context.Context, *s3.PutObjectInput, ...func(*s3.Options)) (*s3.PutObjectOutput, error)
	CompleteMultipartUpload(context.Context, *s3.CompleteMultipartUploadInput, ...func(*s3.Options)) (*s3.CompleteMultipartUploadOutput, error)
}

type Uploader struct {
	PartSize    int64
	Concurrency int
}

type UploadOutput struct {
	Location  string
	UploadID  string
	ETag      *string
	VersionID *string
	Key       *string
}

func NewUploader(client UploadAPIClient, options ...func(*Uploader)) *Uploader { return nil }

func (u Uploader) Upload(ctx context.Context, input *s3.PutObjectInput, opts ...func(*Uploader)) (*UploadOutput, error) {
	return nil, nil
}
