// Package app writes accounts through the store of another package while
// it holds an etcd lock.
package app

import (
	"context"

	"go.etcd.io/etcd/client/v3/concurrency"
	"go.mongodb.org/mongo-driver/bson"

	"docfilter/store"
)

// Visit writes under the lock.
func Visit(ctx context.Context, m *concurrency.Mutex, s *store.Store, id string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision

	if err := s.Touch(ctx, id); err != nil { // want `call to \(\*store\.Store\)\.Touch writes via \(\*mongo\.Collection\)\.UpdateOne`
		return err
	}
	if err := s.Save(ctx, id, 1, tok); err != nil { // ok: the helper's filter compares the lock's revision
		return err
	}
	return s.Mark(ctx, bson.M{"_id": id}) // ok: the filter is the caller's; inside the helper it cannot be read
}
