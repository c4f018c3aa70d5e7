// Package s3 synthesizes the part of github.com/aws/aws-sdk-go-v2/service/s3 that fencecheck's tests need, with the real signatures.
package s3

import (
	"context"
	"io"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
)

type Options struct {
	Region string
}

type Client struct{}

func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client { return nil }

type PutObjectInput struct {
	Bucket      *string
	Key         *string
	Body        io.Reader
	ContentType *string
	IfMatch     *string
	IfNoneMatch *string
	Metadata    map[string]string
}

type PutObjectOutput struct {
	ETag      *string
	VersionId *string
}

func (c *Client) PutObject(ctx context.Context, params *PutObjectInput, optFns ...func(*Options)) (*PutObjectOutput, error) {
	return nil, nil
}

type CopyObjectInput struct {
	Bucket            *string
	CopySource        *string
	Key               *string
	CopySourceIfMatch *string
	IfMatch           *string
	IfNoneMatch       *string
	Metadata          map[string]string
}

type CopyObjectOutput struct {
	VersionId *string
}

func (c *Client) CopyObject(ctx context.Context, params *CopyObjectInput, optFns ...func(*Options)) (*CopyObjectOutput, error) {
	return nil, nil
}

type DeleteObjectInput struct {
	Bucket                  *string
	Key                     *string
	IfMatch                 *string
	IfMatchLastModifiedTime *time.Time
	IfMatchSize             *int64
	VersionId               *string
}

type DeleteObjectOutput struct {
	VersionId *string
}

func (c *Client) DeleteObject(ctx context.Context, params *DeleteObjectInput, optFns ...func(*Options)) (*DeleteObjectOutput, error) {
	return nil, nil
}

type CompleteMultipartUploadInput struct {
	Bucket      *string
	Key         *string
	UploadId    *string
	IfMatch     *string
	IfNoneMatch *string
}

type CompleteMultipartUploadOutput struct {
	ETag      *string
	VersionId *string
}

func (c *Client) CompleteMultipartUpload(ctx context.Context, params *CompleteMultipartUploadInput, optFns ...func(*Options)) (*CompleteMultipartUploadOutput, error) {
	return nil, nil
}

type HeadObjectInput struct {
	Bucket *string
	Key    *string
}

type HeadObjectOutput struct {
	ETag      *string
	Metadata  map[string]string
	VersionId *string
}

func (c *Client) HeadObject(ctx context.Context, params *HeadObjectInput, optFns ...func(*Options)) (*HeadObjectOutput, error) {
	return nil, nil
}
