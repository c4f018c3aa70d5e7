// Package store writes accounts with a filter that fences on the token
// its caller passes.
package store

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

// ErrStale reports a write rejected by a newer token.
var ErrStale = errors.New("store: stale token")

// Store writes the accounts collection.
type Store struct {
	Coll *mongo.Collection
}

// Save writes the balance only when the stored fence is older than tok.
func (s *Store) Save(ctx context.Context, id string, balance, tok int64) error {
	res, err := s.Coll.UpdateOne(ctx, bson.M{"_id": id, "fence": bson.M{"$lt": tok}}, bson.M{"$set": bson.M{"balance": balance, "fence": tok}})
	if err != nil {
		return err
	}
	if res.MatchedCount == 0 {
		return ErrStale
	}
	return nil
}

// Touch records a visit, keyed by the account alone.
func (s *Store) Touch(ctx context.Context, id string) error {
	_, err := s.Coll.UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$inc": bson.M{"visits": 1}})
	return err
}

// Mark applies a change to the accounts the caller's filter selects.
func (s *Store) Mark(ctx context.Context, filter bson.M) error {
	_, err := s.Coll.UpdateMany(ctx, filter, bson.M{"$set": bson.M{"marked": true}})
	return err
}
