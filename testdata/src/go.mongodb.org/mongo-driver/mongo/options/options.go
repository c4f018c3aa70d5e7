// Package options synthesizes the part of go.mongodb.org/mongo-driver/mongo/options that fencecheck's tests need, with the real signatures.
package options

type ClientOptions struct{}

func Client() *ClientOptions { return &ClientOptions{} }

func (c *ClientOptions) ApplyURI(uri string) *ClientOptions { return c }

type DatabaseOptions struct{}

type CollectionOptions struct{}

type UpdateOptions struct{}

type ReplaceOptions struct{}

type DeleteOptions struct{}

type FindOneOptions struct{}

type FindOneAndUpdateOptions struct{}

type FindOneAndReplaceOptions struct{}

type FindOneAndDeleteOptions struct{}

type BulkWriteOptions struct{}

type InsertOneOptions struct{}

type InsertManyOptions struct{}
