// Package nats synthesizes the part of github.com/nats-io/nats.go (the
// legacy KeyValue API) that fencecheck's tests need, with the real
// signatures.
package nats

import (
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
	Get(key string) (entry KeyValueEntry, err error)
	GetRevision(key string, revision uint64) (entry KeyValueEntry, err error)
	Put(key string, value []byte) (revision uint64, err error)
	PutString(key string, value string) (revision uint64, err error)
	Create(key string, value []byte) (revision uint64, err error)
	Update(key string, value []byte, last uint64) (revision uint64, err error)
	Delete(key string, opts ...DeleteOpt) error
	Purge(key string, opts ...DeleteOpt) error
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

type DeleteOpt interface {
	configureDelete(opts *deleteOpts) error
}

type deleteOpts struct {
	purge    bool
	revision uint64
}

type deleteOptFn func(opts *deleteOpts) error

func (opt deleteOptFn) configureDelete(opts *deleteOpts) error { return opt(opts) }

func LastRevision(revision uint64) DeleteOpt {
	return deleteOptFn(func(opts *deleteOpts) error {
		opts.revision = revision
		return nil
	})
}
