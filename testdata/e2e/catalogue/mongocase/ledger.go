// Package mongocase keeps account balances in MongoDB, written by a
// singleton job under an etcd lock (whose revision is the fencing token)
// or a redsync lock (which has none), with both major versions of the
// driver.
package mongocase

import (
	"context"
	"errors"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/bson/primitive"
	"go.mongodb.org/mongo-driver/mongo"
)

var errStale = errors.New("mongocase: a newer holder wrote first")

// Ledger writes the ledger collection with the v1 driver.
type Ledger struct {
	etcd *clientv3.Client
	db   *mongo.Database
}

// NewLedger returns a Ledger.
func NewLedger(etcd *clientv3.Client, db *mongo.Database) *Ledger {
	return &Ledger{etcd: etcd, db: db}
}

// Settle writes a balance under /locks/ledger/<id>.
func (l *Ledger) Settle(ctx context.Context, id string, balance int64) error {
	sess, err := concurrency.NewSession(l.etcd)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/ledger/"+id)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	tok := m.Header().Revision
	coll := l.db.Collection("ledger")
	set := bson.M{"$set": bson.M{"balance": balance, "fence": tok}}

	if _, err := coll.UpdateOne(ctx, bson.M{"_id": id}, set); err != nil { // finding: unfenced
		return err
	}

	res, err := coll.UpdateOne(ctx, bson.M{"_id": id, "fence": bson.M{"$lt": tok}}, set) // ok: the stored fence must be older than the lock's revision, and MatchedCount is checked
	if err != nil {
		return err
	}
	if res.MatchedCount == 0 {
		return errStale
	}

	if _, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "fence", Value: bson.D{{Key: "$lt", Value: tok}}}}, set); err != nil { // finding: uncheckedfence
		return err
	}
	filter := bson.D{{Key: "_id", Value: id}, {Key: "fence", Value: bson.D{{Key: "$lte", Value: tok}}}}
	res, err = coll.UpdateMany(ctx, filter, set) // ok: bson.D through a local variable, ModifiedCount is checked
	if err != nil {
		return err
	}
	if res.ModifiedCount == 0 {
		return errStale
	}

	if _, err := coll.UpdateOne(ctx, bson.M{"_id": id, "fence": bson.M{"$gt": tok}}, set); err != nil { // finding: weakguard
		return err
	}
	and := primitive.M{"$and": bson.A{bson.M{"_id": id}, bson.M{"fence": bson.M{"$lte": tok}}}}
	if res, err := coll.ReplaceOne(ctx, and, bson.M{"_id": id, "balance": balance, "fence": tok}); err != nil || res.MatchedCount == 0 { // ok: $lte inside $and fences the replacement
		return errStale
	}

	if _, err := coll.UpdateOne(ctx, bson.M{"_id": id, "status": "open"}, set); err != nil { // finding: weakguard
		return err
	}
	if res, err := coll.UpdateOne(ctx, map[string]interface{}{"_id": id, "status": "open", "holder": tok}, set); err != nil || res.MatchedCount == 0 { // ok: equality with the revision the lock issued is an owner check
		return errStale
	}
	return nil
}

// Reconcile copies the stored token, which a stale holder reads too.
func (l *Ledger) Reconcile(ctx context.Context, id string, balance int64) error {
	sess, err := concurrency.NewSession(l.etcd)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/ledger/"+id)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	coll := l.db.Collection("ledger")

	var cur struct {
		Fence int64 `bson:"fence"`
	}
	if err := coll.FindOne(ctx, bson.M{"_id": id}).Decode(&cur); err != nil {
		return err
	}
	set := bson.M{"$set": bson.M{"balance": balance}}
	if res, err := coll.UpdateOne(ctx, bson.M{"_id": id, "fence": cur.Fence}, set); err != nil || res.MatchedCount == 0 { // finding: weakguard
		return errStale
	}
	tok := m.Header().Revision
	if res, err := coll.UpdateOne(ctx, bson.M{"_id": id, "fence": bson.M{"$lt": tok}}, set); err != nil || res.MatchedCount == 0 { // ok: the token comes from the lock
		return errStale
	}

	if _, err := coll.UpdateOne(ctx, bson.M{"_id": id, "fence": bson.M{"$lt": 7}}, set); err != nil { // finding: weakguard
		return err
	}
	if _, err := coll.UpdateOne(ctx, l.filter(id), set); err != nil { // ok: a filter built elsewhere is not judged
		return err
	}
	if _, err := coll.UpdateOne(ctx, bson.M{"_id": id, "$or": bson.A{bson.M{"fence": bson.M{"$lt": tok}}, bson.M{"fence": nil}}}, set); err != nil { // ok: $or is not read
		return err
	}
	if _, err := coll.DeleteMany(ctx, bson.M{"expiresAt": bson.M{"$lt": time.Now().Add(-time.Hour)}}); err != nil { // ok: a cleanup by age deletes the same documents whoever runs it
		return err
	}
	if _, err := coll.DeleteMany(ctx, bson.M{"account": id, "expiresAt": bson.M{"$lt": time.Now()}}); err != nil { // finding: weakguard
		return err
	}
	if _, err := coll.InsertOne(ctx, bson.M{"account": id, "balance": balance, "at": time.Now()}); err != nil { // ok: an insert appends, like SQL INSERT
		return err
	}
	return nil
}

// filter selects one account.
func (l *Ledger) filter(id string) bson.M { return bson.M{"_id": id} }

// Close deletes and swaps documents under the lock.
func (l *Ledger) Close(ctx context.Context, id string) error {
	sess, err := concurrency.NewSession(l.etcd)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/ledger/"+id)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	tok := m.Header().Revision
	coll := l.db.Collection("ledger")
	guard := bson.M{"_id": id, "fence": bson.M{"$lt": tok}}

	if _, err := coll.DeleteOne(ctx, guard); err != nil { // finding: uncheckedfence
		return err
	}
	del, err := coll.DeleteOne(ctx, bson.M{"_id": id + "/draft", "fence": bson.M{"$lt": tok}}) // ok: DeletedCount is checked
	if err != nil {
		return err
	}
	if del.DeletedCount == 0 {
		return errStale
	}
	if _, err := coll.DeleteMany(ctx, bson.M{"account": id}); err != nil { // finding: unfenced
		return err
	}
	if _, err := l.db.Collection("revisions").DeleteOne(ctx, bson.M{"_id": tok}); err != nil { // finding: unfenced
		return err
	}

	var prev bson.M
	if err := coll.FindOneAndUpdate(ctx, bson.M{"_id": id, "fence": bson.M{"$lt": tok}}, bson.M{"$set": bson.M{"closed": true}}).Decode(&prev); err != nil { // ok: Decode returns ErrNoDocuments when the filter matched nothing
		return err
	}
	coll.FindOneAndUpdate(ctx, bson.M{"_id": id, "fence": bson.M{"$lt": tok}}, bson.M{"$set": bson.M{"closed": true}})                           // finding: uncheckedfence
	if err := coll.FindOneAndDelete(ctx, bson.M{"_id": id + "/lock", "fence": bson.M{"$lt": tok}}).Err(); errors.Is(err, mongo.ErrNoDocuments) { // ok: Err reports the rejection
		return errStale
	}

	models := []mongo.WriteModel{
		mongo.NewUpdateOneModel().SetFilter(bson.M{"_id": id, "fence": bson.M{"$lt": tok}}).SetUpdate(bson.M{"$set": bson.M{"closed": true}}),
		mongo.NewDeleteOneModel().SetFilter(bson.M{"_id": id + "/draft", "fence": bson.M{"$lt": tok}}),
	}
	bw, err := coll.BulkWrite(ctx, models) // ok: every model is fenced and the counts are checked
	if err != nil {
		return err
	}
	if bw.MatchedCount+bw.DeletedCount < 2 {
		return errStale
	}
	if _, err := coll.BulkWrite(ctx, []mongo.WriteModel{&mongo.DeleteOneModel{Filter: bson.M{"_id": id}}}); err != nil { // finding: unfenced
		return err
	}
	return nil
}
