// Package codecuse calls plug-in points under a lock: a library's, whose
// implementations disagree about writing (unjudged) or all write
// (reported), and its own module's (reported when any implementation
// writes).
package codecuse

import (
	"context"

	"codecuse/ports"

	"example.org/codecs/codec"
	"github.com/go-redsync/redsync/v4"
)

// Encode encodes under the lock through the library's Codec.
func Encode(ctx context.Context, rs *redsync.Redsync, c codec.Codec, b []byte) error {
	m := rs.NewMutex("job")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	_, err := c.Encode(ctx, b) // ok: the library's implementations disagree, and which one runs is configured elsewhere
	return err
}

// Send sends under the lock through the library's Sink.
func Send(ctx context.Context, rs *redsync.Redsync, s codec.Sink, b []byte) error {
	m := rs.NewMutex("job")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	return s.Send(ctx, b) // want `call to \(codec\.Sink\)\.Send writes .*without a fencing token`
}

// EncodeOwn encodes under the lock through the module's own Codec.
func EncodeOwn(ctx context.Context, rs *redsync.Redsync, c ports.Codec, b []byte) error {
	m := rs.NewMutex("job")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	_, err := c.Pack(ctx, b) // want `call to \(ports\.Codec\)\.Pack writes via \(ports\.Stored\)\.Pack`
	return err
}
