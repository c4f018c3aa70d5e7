// Package codec is a library of another module with plug-in points: a
// Codec has a pure implementation and one that writes, every Sink
// writes.
package codec

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// Codec transforms payloads.
type Codec interface {
	Encode(ctx context.Context, b []byte) ([]byte, error)
}

// Zlib compresses in memory.
type Zlib struct{ Level int }

// Encode returns b compressed.
func (z Zlib) Encode(ctx context.Context, b []byte) ([]byte, error) { return b[:len(b)/2], nil }

// Remote keeps a copy of every payload in Redis as it encodes it.
type Remote struct{ RDB *redis.Client }

// Encode stores b and returns it.
func (r Remote) Encode(ctx context.Context, b []byte) ([]byte, error) {
	return b, r.RDB.Set(ctx, "payload", b, 0).Err()
}

// Sink receives payloads.
type Sink interface {
	Send(ctx context.Context, b []byte) error
}

// RedisSink sets the payload.
type RedisSink struct{ RDB *redis.Client }

// Send sets the payload.
func (s RedisSink) Send(ctx context.Context, b []byte) error {
	return s.RDB.Set(ctx, "sink", b, 0).Err()
}

// ListSink pushes the payload.
type ListSink struct{ RDB *redis.Client }

// Send pushes the payload.
func (s ListSink) Send(ctx context.Context, b []byte) error {
	return s.RDB.Set(ctx, "list", b, 0).Err()
}
