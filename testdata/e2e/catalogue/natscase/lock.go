package natscase

import (
	"context"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"example.com/catalogue/natscase/kvstore"
)

const leaderKey = "locks.leader"

// Lead runs a singleton under a lock key created in the bucket itself:
// Create fails while another worker's key exists, the key expires with
// its TTL, and the revision Create returns is the lock's token.
func Lead(ctx context.Context, kv jetstream.KeyValue, id, state string) error {
	rev, err := kv.Create(ctx, leaderKey, []byte(id), jetstream.KeyTTL(30*time.Second))
	if err != nil {
		return err // another worker holds the lock
	}
	defer kv.Delete(context.Background(), leaderKey, jetstream.LastRevision(rev)) // ok: the release of the lock key

	if _, err := kv.Put(ctx, "leader.state", []byte(state)); err != nil { // finding: unfenced
		return err
	}
	if _, err := kv.Update(ctx, leaderKey, []byte(id), rev); err != nil { // ok: an update of the lock key on the lock's revision fails once another worker took it
		return err
	}
	kv.Update(ctx, leaderKey, []byte(state), rev)                          // finding: uncheckedfence
	if _, err := kv.Update(ctx, leaderKey, []byte(state), 7); err != nil { // finding: weakguard
		return err
	}
	if err := kvstore.SaveState(ctx, kv, state); err != nil { // finding: unfenced
		return err
	}
	if err := kvstore.SaveStateAt(ctx, kv, state, rev); err != nil { // ok: the helper's write is a compare-and-set
		return err
	}
	e, err := kv.Get(ctx, "leader.state")
	if err != nil {
		return err
	}
	if err := swap(ctx, kv, state, e.Revision()); err != nil {
		return err
	}
	return nil
}

// LeadLegacy is Lead through the legacy nats.KeyValue.
func LeadLegacy(kv nats.KeyValue, id, state string) error {
	rev, err := kv.Create(leaderKey, []byte(id))
	if err != nil {
		return err
	}
	defer kv.Purge(leaderKey, nats.LastRevision(rev)) // ok: the release of the lock key

	if _, err := kv.PutString("leader.state", state); err != nil { // finding: unfenced
		return err
	}
	if _, err := kv.Update(leaderKey, []byte(state), rev); err != nil { // ok: conditioned on the lock's revision
		return err
	}
	return nil
}

// Register creates a record that must not exist yet, and writes its index:
// a Create whose key is not deleted on return takes no lock.
func Register(ctx context.Context, kv jetstream.KeyValue, id string) error {
	if _, err := kv.Create(ctx, "workers."+id, []byte(id)); err != nil {
		return err
	}
	defer kv.Delete(context.Background(), "workers.pending."+id) // ok: no lease is held (a different key)
	_, err := kv.Put(ctx, "workers.index", []byte(id))           // ok: no lease is held
	return err
}

// Elect takes a lease by creating a key that expires on its own: no
// deferred delete is needed for Create to be a lock.
func Elect(ctx context.Context, kv jetstream.KeyValue, id string) error {
	if _, err := kv.Create(ctx, "locks.elect", []byte(id), jetstream.KeyTTL(15*time.Second)); err != nil {
		return err // another worker holds the lease
	}
	_, err := kv.Put(ctx, "elect.owner", []byte(id)) // finding: unfenced
	return err
}

// Enroll creates a key once, with no expiry: no lease.
func Enroll(ctx context.Context, kv jetstream.KeyValue, id string) error {
	if _, err := kv.Create(ctx, "enrolled."+id, []byte(id)); err != nil {
		return err
	}
	_, err := kv.Put(ctx, "enrolled.count", []byte(id)) // ok: no lease is held
	return err
}

// swap writes the state on a revision its callers pass.
func swap(ctx context.Context, kv jetstream.KeyValue, state string, rev uint64) error {
	_, err := kv.Update(ctx, "leader.state", []byte(state), rev) // finding: weakguard
	return err
}
