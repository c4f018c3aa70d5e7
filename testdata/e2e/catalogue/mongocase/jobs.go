package mongocase

import (
	"context"
	"time"

	"github.com/go-redsync/redsync/v4"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// Jobs writes the jobs collection with the v2 driver.
type Jobs struct {
	etcd *clientv3.Client
	rs   *redsync.Redsync
	coll *mongo.Collection
	db   *mongo.Database
}

// NewJobs returns a Jobs.
func NewJobs(etcd *clientv3.Client, rs *redsync.Redsync, db *mongo.Database) *Jobs {
	return &Jobs{etcd: etcd, rs: rs, coll: db.Collection("jobs"), db: db}
}

// Finish records a job's result under /locks/jobs/<id>.
func (j *Jobs) Finish(ctx context.Context, id string, result string) error {
	sess, err := concurrency.NewSession(j.etcd)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/jobs/"+id)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	tok := m.Header().Revision
	coll := j.db.Collection("jobs")
	set := bson.D{{Key: "$set", Value: bson.D{{Key: "result", Value: result}, {Key: "fenceToken", Value: tok}}}}

	if _, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}}, set); err != nil { // finding: unfenced
		return err
	}
	res, err := coll.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "fenceToken", Value: bson.D{{Key: "$lt", Value: tok}}}}, set) // ok: fenceToken $lt the lock's revision, MatchedCount checked
	if err != nil {
		return err
	}
	if res.MatchedCount == 0 {
		return errStale
	}

	if _, err := coll.UpdateOne(ctx, bson.M{"_id": id, "fenceToken": bson.M{"$lt": tok}}, set); err != nil { // finding: uncheckedfence
		return err
	}
	filter := bson.M{"_id": id, "fenceToken": bson.M{"$lt": tok}}
	if res, err := coll.UpdateMany(ctx, filter, set); err != nil || res.ModifiedCount == 0 { // ok: ModifiedCount checked
		return errStale
	}

	if _, err := coll.UpdateOne(ctx, bson.M{"_id": id, "fenceToken": bson.M{"$gte": tok}}, set); err != nil { // finding: weakguard
		return err
	}
	if res, err := coll.UpdateOne(ctx, bson.M{"_id": id, "fenceToken": bson.M{"$lte": tok}}, set); err != nil || res.MatchedCount == 0 { // ok: $lte is the right way round
		return errStale
	}

	if _, err := coll.UpdateOne(ctx, bson.M{"_id": id, "lockedUntil": bson.M{"$gt": time.Now()}}, set); err != nil { // finding: weakguard
		return err
	}
	if res, err := coll.UpdateOne(ctx, bson.M{"_id": id, "lockedUntil": bson.M{"$gt": time.Now()}, "fenceToken": bson.M{"$lt": tok}}, set); err != nil || res.MatchedCount == 0 { // ok: the expiry check comes with a token comparison
		return errStale
	}

	var cur struct {
		FenceToken int64 `bson:"fenceToken"`
	}
	if err := coll.FindOne(ctx, bson.M{"_id": id}).Decode(&cur); err != nil {
		return err
	}
	if res, err := coll.UpdateOne(ctx, bson.M{"_id": id, "fenceToken": bson.M{"$lte": cur.FenceToken}}, set); err != nil || res.MatchedCount == 0 { // finding: weakguard
		return errStale
	}
	return nil
}

// Requeue swaps and removes job documents under the lock.
func (j *Jobs) Requeue(ctx context.Context, id string) error {
	sess, err := concurrency.NewSession(j.etcd)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/jobs/"+id)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	tok := m.Header().Revision
	guard := bson.M{"_id": id, "fenceToken": bson.M{"$lt": tok}}

	if err := j.coll.FindOneAndUpdate(ctx, guard, bson.M{"$set": bson.M{"state": "queued"}}).Err(); err != nil { // ok: Err is ErrNoDocuments when the filter matched nothing
		return err
	}
	_ = j.coll.FindOneAndReplace(ctx, guard, bson.M{"_id": id, "state": "queued", "fenceToken": tok})                                               // finding: uncheckedfence
	if _, err := j.coll.FindOneAndUpdate(ctx, bson.M{"_id": id, "state": "running"}, bson.M{"$set": bson.M{"state": "queued"}}).Raw(); err != nil { // finding: weakguard
		return err
	}

	del, err := j.coll.DeleteOne(ctx, guard) // ok: DeletedCount checked
	if err != nil {
		return err
	}
	if del.DeletedCount == 0 {
		return errStale
	}
	if _, err := j.coll.DeleteOne(ctx, bson.M{"_id": id + "/attempt", "fenceToken": bson.M{"$lt": tok}}); err != nil { // finding: uncheckedfence
		return err
	}

	bw, err := j.coll.BulkWrite(ctx, []mongo.WriteModel{&mongo.UpdateOneModel{Filter: guard, Update: bson.M{"$set": bson.M{"state": "queued"}}}, mongo.NewInsertOneModel().SetDocument(bson.M{"job": id})}) // ok: the update is fenced, the insert appends, counts checked
	if err != nil {
		return err
	}
	if bw.MatchedCount == 0 {
		return errStale
	}
	if _, err := j.coll.BulkWrite(ctx, []mongo.WriteModel{mongo.NewUpdateOneModel().SetFilter(guard).SetUpdate(bson.M{"$set": bson.M{"state": "queued"}})}); err != nil { // finding: uncheckedfence
		return err
	}
	return nil
}

// Sweep runs under a redsync mutex, which issues no fencing token.
func (j *Jobs) Sweep(ctx context.Context, id string) error {
	mu := j.rs.NewMutex("lock:jobs:" + id)
	if err := mu.LockContext(ctx); err != nil {
		return err
	}
	defer mu.UnlockContext(ctx)

	if _, err := j.coll.ReplaceOne(ctx, bson.M{"_id": id}, bson.M{"_id": id, "state": "swept"}); err != nil { // finding: unfenced
		return err
	}
	if res, err := j.coll.UpdateOne(ctx, bson.M{"_id": id, "owner": mu.Value()}, bson.M{"$set": bson.M{"state": "swept"}}); err != nil || res.MatchedCount == 0 { // finding: weakguard
		return errStale
	}
	if _, err := j.coll.UpdateOne(ctx, bson.M{"_id": id + "/lease", "lockedUntil": bson.M{"$lt": time.Now()}}, bson.M{"$set": bson.M{"lockedUntil": time.Now().Add(time.Minute)}}); err != nil { // ok: claims the document's own lease
		return err
	}
	if _, err := j.coll.UpdateOne(ctx, bson.M{"_id": id + "/lease", "lockedUntil": bson.M{"$lt": time.Now()}}, bson.M{"$set": bson.M{"sweptAt": time.Now(), "by": mu.Name()}}); err != nil { // finding: weakguard
		return err
	}
	if _, err := j.coll.InsertMany(ctx, []any{bson.M{"job": id, "event": "swept"}}); err != nil { // ok: an insert appends
		return err
	}
	if _, err := j.coll.UpdateOne(ctx, bson.M{"$expr": bson.M{"$lt": bson.A{"$fenceToken", 1}}}, bson.M{"$set": bson.M{"state": "swept"}}); err != nil { // ok: $expr is not read
		return err
	}
	return nil
}
