// Package ports is the module's own plug-in point, with a pure and a
// writing implementation.
package ports

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// Codec transforms payloads.
type Codec interface {
	Pack(ctx context.Context, b []byte) ([]byte, error)
}

// Plain returns payloads unchanged.
type Plain struct{ N int }

// Pack returns b.
func (Plain) Pack(ctx context.Context, b []byte) ([]byte, error) { return b, nil }

// Stored keeps a copy of every payload in Redis.
type Stored struct{ RDB *redis.Client }

// Pack stores b and returns it.
func (s Stored) Pack(ctx context.Context, b []byte) ([]byte, error) {
	return b, s.RDB.Set(ctx, "payload", b, 0).Err()
}
