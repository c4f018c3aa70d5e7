// Package jetstream synthesizes the part of
// github.com/nats-io/nats.go/jetstream (the KeyValue API) that
// fencecheck's tests need, with the real signatures.
package jetstream

import (
	"context"
	"errors"
	"time"
)

var (
	ErrKeyExists           = errors.New("nats: key exists")
	ErrKeyNotFound         = errors.New("nats: key not found")
	ErrKeyRevisionMismatch = errors.New("nats: key revision mismatch")
)

type KeyValueOp uint8

type KeyValue interface {
	Get(ctx context.Context, key string) (KeyValueEntry, error)
	GetRevision(ctx context.Context, key string, revision uint64) (KeyValueEntry, error)
	Put(ctx context.Context, key string, value []byte) (uint64, error)
	PutString(ctx context.Context, key string, value string) (uint64, error)
	Create(ctx context.Context, key string, value []byte, opts ...KVCreateOpt) (uint64, error)
	Update(ctx context.Context, key string, value []byte, revision uint64) (uint64, error)
	Delete(ctx context.Context, key string, opts ...KVDeleteOpt) error
	Purge(ctx context.Context, key string, opts ...KVDeleteOpt) error
	Bucket() string
}

type KeyValueEntry interface {
	Bucket() string
	Key() string
	Value() []byte
	Revision() uint64
	Created() time.Time
	Delta() uint64
	Operation() KeyValueOp
}

type KVCreateOpt interface {
	configureCreate(opts *createOpts) error
}

type createOpts struct {
	ttl time.Duration
}

type KVDeleteOpt interface {
	configureDelete(opts *deleteOpts) error
}

type deleteOpts struct {
	purge    bool
	revision uint64
	ttl      time.Duration
}

type deleteOptFn func(opts *deleteOpts) error

func (opt deleteOptFn) configureDelete(opts *deleteOpts) error { return opt(opts) }

type createOptFn func(opts *createOpts) error

func (opt createOptFn) configureCreate(opts *createOpts) error { return opt(opts) }

func LastRevision(revision uint64) KVDeleteOpt {
	return deleteOptFn(func(opts *deleteOpts) error {
		opts.revision = revision
		return nil
	})
}

func PurgeTTL(ttl time.Duration) KVDeleteOpt {
	return deleteOptFn(func(opts *deleteOpts) error {
		opts.ttl = ttl
		return nil
	})
}

func KeyTTL(ttl time.Duration) KVCreateOpt {
	return createOptFn(func(opts *createOpts) error {
		opts.ttl = ttl
		return nil
	})
}
