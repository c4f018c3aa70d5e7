// Package plugins calls a library's plug-in point under a lock: its
// implementations disagree about writing, and the inventory says why the
// call is not judged.
package plugins

import (
	"context"

	"example.org/codecs/codec"
	"github.com/go-redsync/redsync/v4"
)

// Encode encodes under the lock.
func Encode(ctx context.Context, m *redsync.Mutex, c codec.Codec, b []byte) error {
	if err := m.LockContext(ctx); err != nil { // want `lease scope: lease taken here by \(\*redsync\.Mutex\)\.LockContext`
		return err
	}
	_, err := c.Encode(ctx, b) // want `^call to \(codec\.Codec\)\.Encode: unjudged: the implementations of \(codec\.Codec\)\.Encode disagree: \(codec\.Remote\)\.Encode, outside the analysed module, writes and another does not; which one runs is configured elsewhere$`
	return err
}
