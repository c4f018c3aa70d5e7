// Package mongo synthesizes the part of go.mongodb.org/mongo-driver/mongo that fencecheck's tests need, with the real signatures.
package mongo

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/mongo/options"
)

var ErrNoDocuments = errors.New("mongo: no documents in result")

type Client struct{}

func Connect(ctx context.Context, opts ...*options.ClientOptions) (*Client, error) {
	return &Client{}, nil
}

func (c *Client) Database(name string, opts ...*options.DatabaseOptions) *Database {
	return &Database{}
}

func (c *Client) Disconnect(ctx context.Context) error { return nil }

type Database struct{}

func (db *Database) Collection(name string, opts ...*options.CollectionOptions) *Collection {
	return &Collection{}
}

type Collection struct{}

type UpdateResult struct {
	MatchedCount  int64
	ModifiedCount int64
	UpsertedCount int64
	UpsertedID    interface{}
}

type DeleteResult struct {
	DeletedCount int64 `bson:"n"`
}

type InsertOneResult struct {
	InsertedID interface{}
}

type InsertManyResult struct {
	InsertedIDs []interface{}
}

type BulkWriteResult struct {
	InsertedCount int64
	MatchedCount  int64
	ModifiedCount int64
	DeletedCount  int64
	UpsertedCount int64
	UpsertedIDs   map[int64]interface{}
}

type SingleResult struct {
	err error
}

func (sr *SingleResult) Err() error { return sr.err }

func (sr *SingleResult) Decode(v interface{}) error { return sr.err }

type WriteModel interface {
	writeModel()
}

type UpdateOneModel struct {
	Upsert *bool
	Filter interface{}
	Update interface{}
	Hint   interface{}
}

func NewUpdateOneModel() *UpdateOneModel { return &UpdateOneModel{} }

func (uom *UpdateOneModel) SetFilter(filter interface{}) *UpdateOneModel {
	uom.Filter = filter
	return uom
}

func (uom *UpdateOneModel) SetUpdate(update interface{}) *UpdateOneModel {
	uom.Update = update
	return uom
}

func (*UpdateOneModel) writeModel() {}

type DeleteOneModel struct {
	Filter interface{}
	Hint   interface{}
}

func NewDeleteOneModel() *DeleteOneModel { return &DeleteOneModel{} }

func (dom *DeleteOneModel) SetFilter(filter interface{}) *DeleteOneModel {
	dom.Filter = filter
	return dom
}

func (*DeleteOneModel) writeModel() {}

func (coll *Collection) UpdateOne(ctx context.Context, filter interface{}, update interface{},
	opts ...*options.UpdateOptions) (*UpdateResult, error) {
	return &UpdateResult{}, nil
}

func (coll *Collection) UpdateMany(ctx context.Context, filter interface{}, update interface{},
	opts ...*options.UpdateOptions) (*UpdateResult, error) {
	return &UpdateResult{}, nil
}

func (coll *Collection) ReplaceOne(ctx context.Context, filter interface{},
	replacement interface{}, opts ...*options.ReplaceOptions) (*UpdateResult, error) {
	return &UpdateResult{}, nil
}

func (coll *Collection) DeleteOne(ctx context.Context, filter interface{},
	opts ...*options.DeleteOptions) (*DeleteResult, error) {
	return &DeleteResult{}, nil
}

func (coll *Collection) DeleteMany(ctx context.Context, filter interface{},
	opts ...*options.DeleteOptions) (*DeleteResult, error) {
	return &DeleteResult{}, nil
}

func (coll *Collection) FindOne(ctx context.Context, filter interface{},
	opts ...*options.FindOneOptions) *SingleResult {
	return &SingleResult{}
}

func (coll *Collection) FindOneAndUpdate(ctx context.Context, filter interface{},
	update interface{}, opts ...*options.FindOneAndUpdateOptions) *SingleResult {
	return &SingleResult{}
}

func (coll *Collection) FindOneAndReplace(ctx context.Context, filter interface{},
	replacement interface{}, opts ...*options.FindOneAndReplaceOptions) *SingleResult {
	return &SingleResult{}
}

func (coll *Collection) FindOneAndDelete(ctx context.Context, filter interface{},
	opts ...*options.FindOneAndDeleteOptions) *SingleResult {
	return &SingleResult{}
}

func (coll *Collection) BulkWrite(ctx context.Context, models []WriteModel,
	opts ...*options.BulkWriteOptions) (*BulkWriteResult, error) {
	return &BulkWriteResult{}, nil
}

func (coll *Collection) InsertOne(ctx context.Context, document interface{},
	opts ...*options.InsertOneOptions) (*InsertOneResult, error) {
	return &InsertOneResult{}, nil
}

func (coll *Collection) InsertMany(ctx context.Context, documents []interface{},
	opts ...*options.InsertManyOptions) (*InsertManyResult, error) {
	return &InsertManyResult{}, nil
}
