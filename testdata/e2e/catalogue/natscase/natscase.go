// Package natscase keeps a singleton's checkpoint in a NATS JetStream
// key-value bucket while it holds an etcd lock, through the jetstream API
// and through the legacy nats.KeyValue.
package natscase

import (
	"context"
	"errors"
	"strconv"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("natscase: a newer holder wrote first")

// Checkpointer owns the checkpoint keys while it holds /locks/checkpoint.
type Checkpointer struct {
	cli *clientv3.Client
	kv  jetstream.KeyValue
	old nats.KeyValue
}

func New(cli *clientv3.Client, kv jetstream.KeyValue, old nats.KeyValue) *Checkpointer {
	return &Checkpointer{cli: cli, kv: kv, old: old}
}

// Save writes the checkpoint through the jetstream API.
func (c *Checkpointer) Save(ctx context.Context, offset string) error {
	sess, err := concurrency.NewSession(c.cli)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/checkpoint")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	tok := uint64(m.Header().Revision)

	if _, err := c.kv.Put(ctx, "checkpoint", []byte(offset)); err != nil { // finding: unfenced
		return err
	}
	if _, err := c.kv.PutString(ctx, "checkpoint.text", offset); err != nil { // finding: unfenced
		return err
	}

	if _, err := c.kv.Update(ctx, "checkpoint", []byte(offset), tok); err != nil { // ok: the revision is the lock's, issued with the claim, and a rejection is returned
		return err
	}
	c.kv.Update(ctx, "checkpoint", []byte(offset), tok) // finding: uncheckedfence

	rev, err := c.kv.Create(ctx, "checkpoint.draft", []byte(offset)) // ok: create-only, and the error (the key exists) is returned
	if err != nil {
		return err
	}
	c.kv.Create(ctx, "checkpoint.seen", []byte(offset), jetstream.KeyTTL(0))             // finding: uncheckedfence
	if _, err := c.kv.Update(ctx, "checkpoint.draft", []byte(offset), rev); err != nil { // ok: conditioned on the revision of this holder's own write
		return err
	}

	e, err := c.kv.Get(ctx, "checkpoint")
	if err != nil {
		return err
	}
	if _, err := c.kv.Update(ctx, "checkpoint", []byte(offset), e.Revision()); err != nil { // finding: weakguard
		return err
	}
	if _, err := c.kv.Update(ctx, "checkpoint", []byte(offset), 1); err != nil { // finding: weakguard
		return err
	}
	if _, err := c.kv.Update(ctx, "checkpoint.new", []byte(offset), 0); err != nil { // ok: revision 0 writes only if the key does not exist yet, like Create
		return err
	}
	return nil
}

// Compare reads the stored token and the revision together, and compares
// the stored token with the lock's before a compare-and-set on that
// revision: a newer holder's write changes the revision.
func (c *Checkpointer) Compare(ctx context.Context, offset string) error {
	sess, err := concurrency.NewSession(c.cli)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/checkpoint")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	tok := m.Header().Revision

	e, err := c.kv.Get(ctx, "checkpoint.owner")
	if err != nil {
		return err
	}
	stored, err := strconv.ParseInt(string(e.Value()), 10, 64)
	if err != nil {
		return err
	}
	if stored > tok {
		return errStale
	}
	if _, err := c.kv.Update(ctx, "checkpoint.owner", []byte(strconv.FormatInt(tok, 10)), e.Revision()); err != nil { // ok: the stored token is compared with the lock's first, and the revision rejects any write since
		return err
	}
	return nil
}

// Clear deletes and purges the checkpoint keys through the jetstream API.
func (c *Checkpointer) Clear(ctx context.Context) error {
	sess, err := concurrency.NewSession(c.cli)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/checkpoint")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	tok := uint64(m.Header().Revision)

	if err := c.kv.Delete(ctx, "checkpoint"); err != nil { // finding: unfenced
		return err
	}
	if err := c.kv.Delete(ctx, "checkpoint", jetstream.LastRevision(tok)); err != nil { // ok: LastRevision makes the delete conditional on the lock's revision
		return err
	}
	c.kv.Delete(ctx, "checkpoint.text", jetstream.LastRevision(tok)) // finding: uncheckedfence

	if err := c.kv.Purge(ctx, "checkpoint.draft", jetstream.PurgeTTL(0)); err != nil { // finding: unfenced
		return err
	}
	if err := c.kv.Purge(ctx, "checkpoint.draft", jetstream.PurgeTTL(0), jetstream.LastRevision(tok)); err != nil { // ok: LastRevision is among the options
		return err
	}

	e, err := c.kv.Get(ctx, "checkpoint.seen")
	if err != nil {
		return err
	}
	if err := c.kv.Purge(ctx, "checkpoint.seen", jetstream.LastRevision(e.Revision())); err != nil { // finding: weakguard
		return err
	}
	return nil
}

// SaveLegacy writes the checkpoint through the legacy nats.KeyValue.
func (c *Checkpointer) SaveLegacy(ctx context.Context, offset string) error {
	sess, err := concurrency.NewSession(c.cli)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/checkpoint")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	tok := uint64(m.Header().Revision)

	if _, err := c.old.Put("checkpoint", []byte(offset)); err != nil { // finding: unfenced
		return err
	}
	if _, err := c.old.PutString("checkpoint.text", offset); err != nil { // finding: unfenced
		return err
	}
	if _, err := c.old.Update("checkpoint", []byte(offset), tok); err != nil { // ok: the revision is the lock's, and a rejection is returned
		return err
	}
	c.old.Update("checkpoint", []byte(offset), tok)                             // finding: uncheckedfence
	if _, err := c.old.Create("checkpoint.draft", []byte(offset)); err != nil { // ok: create-only, and the error is returned
		return err
	}
	c.old.Create("checkpoint.seen", []byte(offset)) // finding: uncheckedfence

	e, err := c.old.Get("checkpoint")
	if err != nil {
		return err
	}
	if _, err := c.old.Update("checkpoint", []byte(offset), e.Revision()); err != nil { // finding: weakguard
		return err
	}

	if err := c.old.Delete("checkpoint.old"); err != nil { // finding: unfenced
		return err
	}
	if err := c.old.Delete("checkpoint.old", nats.LastRevision(tok)); err != nil { // ok: LastRevision makes the delete conditional
		return err
	}
	c.old.Delete("checkpoint.tmp", nats.LastRevision(tok))  // finding: uncheckedfence
	if err := c.old.Purge("checkpoint.draft"); err != nil { // finding: unfenced
		return err
	}
	if err := c.old.Purge("checkpoint.draft", nats.LastRevision(tok)); err != nil { // ok: LastRevision makes the purge conditional
		return err
	}
	return nil
}

// Forward passes options built by its caller: fencecheck cannot tell
// whether they carry a condition, so it stays silent.
func (c *Checkpointer) Forward(ctx context.Context, key string, opts ...jetstream.KVDeleteOpt) error {
	sess, err := concurrency.NewSession(c.cli)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/checkpoint")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	return c.kv.Delete(ctx, key, opts...) // ok: the options come from the caller
}

// Reset clears the checkpoint with no lock held.
func Reset(ctx context.Context, kv jetstream.KeyValue, old nats.KeyValue) error {
	if _, err := kv.Put(ctx, "checkpoint", nil); err != nil { // ok: no lease is held
		return err
	}
	return old.Delete("checkpoint") // ok: no lease is held
}
