// Package mongo synthesizes the part of go.mongodb.org/mongo-driver/v2/mongo that fencecheck's tests need, with the real signatures.
package mongo

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

var ErrNoDocuments = errors.New("mongo: no documents in result")

type Client struct{}

func Connect(opts ...*options.ClientOptions) (*Client, error) {
	return &Client{}, nil
}

func (c *Client) Database(name string, opts ...options.Lister[options.DatabaseOptions]) *Database {
	return &Database{}
}

func (c *Client) Disconnect(ctx context.Context) error { return nil }

type Database struct{}

func (db *Database) Collection(name string, opts ...options.Lister[options.CollectionOptions]) *Collection {
	return &Collection{}
}

type Collection struct{}

type UpdateResult struct {
	MatchedCount  int64
	ModifiedCount int64
	UpsertedCount int64
	UpsertedID    any
	Acknowledged  bool
}

type DeleteResult struct {
	DeletedCount int64
	Acknowledged bool
}

type InsertOneResult struct {
	InsertedID   any
	Acknowledged bool
}

type InsertManyResult struct {
	InsertedIDs  []any
	Acknowledged bool
}

type BulkWriteResult struct {
	InsertedCount int64
	MatchedCount  int64
	ModifiedCount int64
	DeletedCount  int64
	UpsertedCount int64
	UpsertedIDs   map[int64]any
	Acknowledged  bool
}

type SingleResult struct {
	Acknowledged bool
	err          error
}

func (sr *SingleResult) Err() error { return sr.err }

func (sr *SingleResult) Decode(v any) error { return sr.err }

func (sr *SingleResult) Raw() (bson.Raw, error) { return nil, sr.err }

type WriteModel interface {
	writeModel()
}

type UpdateOneModel struct {
	Upsert *bool
	Filter any
	Update any
	Hint   any
}

func NewUpdateOneModel() *UpdateOneModel { return &UpdateOneModel{} }

func (uom *UpdateOneModel) SetFilter(filter any) *UpdateOneModel {
	uom.Filter = filter
	return uom
}

func (uom *UpdateOneModel) SetUpdate(update any) *UpdateOneModel {
	uom.Update = update
	return uom
}

func (*UpdateOneModel) writeModel() {}

type DeleteOneModel struct {
	Filter any
	Hint   any
}

func NewDeleteOneModel() *DeleteOneModel { return &DeleteOneModel{} }

func (dom *DeleteOneModel) SetFilter(filter any) *DeleteOneModel {
	dom.Filter = filter
	return dom
}

func (*DeleteOneModel) writeModel() {}

type InsertOneModel struct {
	Document any
}

func NewInsertOneModel() *InsertOneModel { return &InsertOneModel{} }

func (iom *InsertOneModel) SetDocument(doc any) *InsertOneModel {
	iom.Document = doc
	return iom
}

func (*InsertOneModel) writeModel() {}

func (coll *Collection) UpdateOne(ctx context.Context, filter any, update any,
	opts ...options.Lister[options.UpdateOneOptions]) (*UpdateResult, error) {
	return &UpdateResult{}, nil
}

func (coll *Collection) UpdateMany(ctx context.Context, filter any, update any,
	opts ...options.Lister[options.UpdateManyOptions]) (*UpdateResult, error) {
	return &UpdateResult{}, nil
}

func (coll *Collection) ReplaceOne(ctx context.Context, filter any,
	replacement any, opts ...options.Lister[options.ReplaceOptions]) (*UpdateResult, error) {
	return &UpdateResult{}, nil
}

func (coll *Collection) DeleteOne(ctx context.Context, filter any,
	opts ...options.Lister[options.DeleteOneOptions]) (*DeleteResult, error) {
	return &DeleteResult{}, nil
}

func (coll *Collection) DeleteMany(ctx context.Context, filter any,
	opts ...options.Lister[options.DeleteManyOptions]) (*DeleteResult, error) {
	return &DeleteResult{}, nil
}

func (coll *Collection) FindOne(ctx context.Context, filter any,
	opts ...options.Lister[options.FindOneOptions]) *SingleResult {
	return &SingleResult{}
}

func (coll *Collection) FindOneAndUpdate(ctx context.Context, filter any,
	update any, opts ...options.Lister[options.FindOneAndUpdateOptions]) *SingleResult {
	return &SingleResult{}
}

func (coll *Collection) FindOneAndReplace(ctx context.Context, filter any,
	replacement any, opts ...options.Lister[options.FindOneAndReplaceOptions]) *SingleResult {
	return &SingleResult{}
}

func (coll *Collection) FindOneAndDelete(ctx context.Context, filter any,
	opts ...options.Lister[options.FindOneAndDeleteOptions]) *SingleResult {
	return &SingleResult{}
}

func (coll *Collection) BulkWrite(ctx context.Context, models []WriteModel,
	opts ...options.Lister[options.BulkWriteOptions]) (*BulkWriteResult, error) {
	return &BulkWriteResult{}, nil
}

func (coll *Collection) InsertOne(ctx context.Context, document any,
	opts ...options.Lister[options.InsertOneOptions]) (*InsertOneResult, error) {
	return &InsertOneResult{}, nil
}

func (coll *Collection) InsertMany(ctx context.Context, documents any,
	opts ...options.Lister[options.InsertManyOptions]) (*InsertManyResult, error) {
	return &InsertManyResult{}, nil
}
