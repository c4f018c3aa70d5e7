// Package options synthesizes the part of go.mongodb.org/mongo-driver/v2/mongo/options that fencecheck's tests need, with the real signatures.
package options

type Lister[T any] interface {
	List() []func(*T) error
}

type ClientOptions struct{}

func Client() *ClientOptions { return &ClientOptions{} }

func (c *ClientOptions) ApplyURI(uri string) *ClientOptions { return c }

type DatabaseOptions struct{}

type CollectionOptions struct{}

type UpdateOneOptions struct{}

type UpdateManyOptions struct{}

type ReplaceOptions struct{}

type DeleteOneOptions struct{}

type DeleteManyOptions struct{}

type FindOneOptions struct{}

type FindOneAndUpdateOptions struct{}

type FindOneAndReplaceOptions struct{}

type FindOneAndDeleteOptions struct{}

type BulkWriteOptions struct{}

type InsertOneOptions struct{}

type InsertManyOptions struct{}
