// Package storage synthesizes the part of cloud.google.com/go/storage that fencecheck's tests need, with the real signatures.
package storage

import (
	"context"
	"errors"
)

var ErrObjectNotExist = errors.New("storage: object doesn't exist")

type Client struct{}

func (c *Client) Bucket(name string) *BucketHandle { return nil }

func (c *Client) Close() error { return nil }

type BucketHandle struct{}

func (b *BucketHandle) Object(name string) *ObjectHandle { return nil }

type ObjectHandle struct{}

type Conditions struct {
	GenerationMatch        int64
	GenerationNotMatch     int64
	DoesNotExist           bool
	MetagenerationMatch    int64
	MetagenerationNotMatch int64
}

func (o *ObjectHandle) If(conds Conditions) *ObjectHandle { return nil }

func (o *ObjectHandle) Generation(gen int64) *ObjectHandle { return nil }

func (o *ObjectHandle) Attrs(ctx context.Context) (attrs *ObjectAttrs, err error) { return nil, nil }

func (o *ObjectHandle) NewWriter(ctx context.Context) *Writer { return nil }

func (o *ObjectHandle) Update(ctx context.Context, uattrs ObjectAttrsToUpdate) (oa *ObjectAttrs, err error) {
	return nil, nil
}

func (o *ObjectHandle) Delete(ctx context.Context) (err error) { return nil }

func (dst *ObjectHandle) CopierFrom(src *ObjectHandle) *Copier { return nil }

type ObjectAttrs struct {
	Bucket         string
	Name           string
	ContentType    string
	Metadata       map[string]string
	Generation     int64
	Metageneration int64
}

type ObjectAttrsToUpdate struct {
	Metadata map[string]string
}

type Writer struct {
	ObjectAttrs
	ChunkSize int
}

func (w *Writer) Write(p []byte) (int, error) { return 0, nil }

func (w *Writer) Close() error { return nil }

func (w *Writer) Attrs() *ObjectAttrs { return nil }

type Copier struct {
	ObjectAttrs
}

func (c *Copier) Run(ctx context.Context) (attrs *ObjectAttrs, err error) { return nil, nil }
