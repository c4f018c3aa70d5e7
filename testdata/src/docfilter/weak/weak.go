// Package weak has MongoDB filters that do not fence.
package weak

import (
	"context"
	"time"

	"go.etcd.io/etcd/client/v3/concurrency"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"

	"docfilter/store"
)

// check keeps results from being reported as unchecked.
func check(r *mongo.UpdateResult, err error) {
	if err != nil || r.MatchedCount == 0 {
		panic("stale")
	}
}

// Filters writes under an etcd lock whose revision is the token.
func Filters(ctx context.Context, m *concurrency.Mutex, coll *mongo.Collection, s *store.Store, id string, cond any) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	set := bson.M{"$set": bson.M{"done": true}}

	check(coll.UpdateOne(ctx, bson.M{"_id": id, "lease.fenceToken": bson.M{"$gte": tok}}, set))                   // want `\(\*mongo\.Collection\)\.UpdateOne updates with a guard that does not fence: \{lease\.fenceToken: \{\$gte: …\}\} accepts older tokens`
	check(coll.UpdateOne(ctx, bson.M{"_id": id, "lease.fenceToken": bson.M{"$lt": tok}}, set))                    // ok: a nested token field, compared the right way
	check(coll.UpdateOne(ctx, bson.M{"_id": id, "version": bson.M{"$gte": 1}, "fence": bson.M{"$lt": tok}}, set)) // ok: the fence comparison decides, whatever else the filter checks
	check(coll.UpdateOne(ctx, bson.M{"_id": id, "version": bson.M{"$gte": 1}}, set))                              // want `\{version: \{\$gte: …\}\} accepts older tokens`
	check(coll.UpdateOne(ctx, bson.M{"_id": id, "locked_by": bson.M{"$exists": true}}, set))                      // want `it checks locked_by, which a newer claim passes too`
	check(coll.UpdateOne(ctx, bson.M{"_id": id, "locked_by": "worker-1"}, set))                                   // want `it checks locked_by, which a newer claim passes too`
	check(coll.UpdateOne(ctx, bson.M{"_id": id, "epoch": time.Now().Unix()}, set))                                // want `the token comes from the clock`
	check(coll.UpdateOne(ctx, bson.M{"_id": id, "epoch": tok}, set))                                              // ok: equality with the lock's revision
	check(coll.UpdateOne(ctx, bson.M{"_id": id, "leaseRev": tok}, set))                                           // ok: any field equal to the claim's token is an owner check

	check(coll.UpdateOne(ctx, bson.M{"_id": id, "fence": cond}, set)) // ok: a condition built elsewhere is not judged
	check(coll.UpdateOne(ctx, bson.M{"_id": id, "owner": nil}, set))  // want `it checks owner, which a newer claim passes too`

	if r, err := coll.DeleteMany(ctx, bson.M{"expiresAt": bson.M{"$lt": time.Now()}}); err != nil || r.DeletedCount < 0 { // ok: a cleanup by age deletes the same documents whoever runs it
		return
	}
	if r, err := coll.DeleteMany(ctx, bson.M{"_id": id, "expiresAt": bson.M{"$lt": time.Now()}}); err != nil || r.DeletedCount < 0 { // want `it checks expiresAt, which a newer claim passes too`
		return
	}
	check(coll.UpdateMany(ctx, bson.M{"lockedUntil": bson.M{"$lt": time.Now()}}, bson.M{"$set": bson.M{"state": "expired", "expiredAt": time.Now()}}))                         // ok: a reaper that only marks expired documents
	check(coll.UpdateOne(ctx, bson.M{"_id": id, "lockedUntil": bson.M{"$lt": time.Now()}}, bson.M{"$set": bson.M{"lockedUntil": time.Now().Add(time.Minute), "owner": "me"}})) // ok: a claim of the document's own lease, not a write under this one
	check(coll.UpdateOne(ctx, bson.M{"_id": id, "owner": nil}, bson.M{"$set": bson.M{"owner": "me"}}))                                                                         // ok: a claim of a free document
	check(coll.UpdateMany(ctx, bson.M{"lockedUntil": bson.M{"$lt": time.Now()}}, bson.M{"$set": bson.M{"result": id}}))                                                        // want `it checks lockedUntil, which a newer claim passes too`

	if err := s.Save(ctx, id, 1, time.Now().UnixNano()); err != nil { // want `call to \(\*store\.Store\)\.Save writes with a guard that does not fence: the token comes from the clock`
		return
	}
	if err := s.Save(ctx, id, 1, tok); err != nil { // ok: the lock's revision reaches the helper's filter
		return
	}
}
