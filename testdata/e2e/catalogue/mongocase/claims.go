package mongocase

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// Queue keeps jobs as documents whose lease is a lockedUntil field.
type Queue struct {
	jobs    *mongo.Collection
	results *mongo.Collection
}

// job is a claimed job.
type job struct {
	ID string `bson:"_id"`
}

// Next claims a job whose lease is free or expired, then records its
// result under that lease without a token.
func (q *Queue) Next(ctx context.Context, worker string) error {
	now := time.Now()
	var j job
	err := q.jobs.FindOneAndUpdate(ctx,
		bson.M{"lockedUntil": bson.M{"$lt": now}},
		bson.M{"$set": bson.M{"lockedUntil": now.Add(time.Minute), "owner": worker}},
	).Decode(&j)
	if err != nil {
		if _, err := q.results.UpdateOne(ctx, bson.M{"_id": "idle"}, bson.M{"$set": bson.M{"at": now}}); err != nil { // ok: no job was claimed
			return err
		}
		return err
	}
	_, err = q.results.UpdateOne(ctx, bson.M{"_id": j.ID}, bson.M{"$set": bson.M{"done": true}}) // finding: unfenced
	return err
}

// Peek reads a document without claiming it: nothing after it is leased.
func (q *Queue) Peek(ctx context.Context) error {
	var j job
	if err := q.jobs.FindOneAndUpdate(ctx, bson.M{"state": "ready"}, bson.M{"$set": bson.M{"seen": true}}).Decode(&j); err != nil { // ok: no lease is held
		return err
	}
	_, err := q.results.UpdateOne(ctx, bson.M{"_id": j.ID}, bson.M{"$set": bson.M{"peeked": true}}) // ok: no lease is held
	return err
}
