// Package unchecked has fenced MongoDB writes whose rejection is ignored.
package unchecked

import (
	"context"

	"go.etcd.io/etcd/client/v3/concurrency"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

// Results writes under an etcd lock whose revision is the token.
func Results(ctx context.Context, m *concurrency.Mutex, coll *mongo.Collection, id string) (*mongo.DeleteResult, error) {
	if err := m.Lock(ctx); err != nil {
		return nil, err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	guard := bson.M{"_id": id, "fence": bson.M{"$lt": tok}}
	set := bson.M{"$set": bson.M{"done": true}}

	coll.UpdateMany(ctx, guard, set)                                                       // want `\(\*mongo\.Collection\)\.UpdateMany updates with a fencing token, but MatchedCount is never compared`
	if res, err := coll.UpdateMany(ctx, guard, set); err != nil || res.UpsertedCount > 0 { // want `MatchedCount is never compared`
		return nil, err
	}
	var prev bson.M
	_ = coll.FindOneAndDelete(ctx, guard).Decode(&prev) // want `\(\*mongo\.Collection\)\.FindOneAndDelete deletes with a fencing token, but its error \(ErrNoDocuments when the filter matched nothing\) is never checked`
	if coll.FindOneAndDelete(ctx, guard).Err() != nil { // ok: Err is compared
		return nil, nil
	}
	bulk := []mongo.WriteModel{mongo.NewDeleteOneModel().SetFilter(guard)}
	if _, err := coll.BulkWrite(ctx, bulk); err != nil { // want `\(\*mongo\.Collection\)\.BulkWrite writes with a fencing token, but its MatchedCount and DeletedCount are never compared`
		return nil, err
	}
	if r, err := coll.BulkWrite(ctx, bulk); err != nil || r.DeletedCount == 0 { // ok: DeletedCount is compared
		return nil, err
	}
	return coll.DeleteOne(ctx, guard) // ok: the result is returned to the caller
}
