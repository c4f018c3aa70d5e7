// Package kvstore keeps records in a NATS key-value bucket for callers
// that may hold a lease.
package kvstore

import (
	"context"

	"github.com/nats-io/nats.go/jetstream"
)

// SaveState overwrites the state record.
func SaveState(ctx context.Context, kv jetstream.KeyValue, state string) error {
	_, err := kv.PutString(ctx, "leader.state", state) // ok: no lease is held here; the caller's call is reported
	return err
}

// SaveStateAt overwrites the state record only if it is still at revision
// rev.
func SaveStateAt(ctx context.Context, kv jetstream.KeyValue, state string, rev uint64) error {
	_, err := kv.Update(ctx, "leader.state", []byte(state), rev) // ok: a compare-and-set whose error is returned
	return err
}
