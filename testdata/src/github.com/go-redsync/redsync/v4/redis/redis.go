// Package redis synthesizes the part of github.com/go-redsync/redsync/v4/redis that fencecheck's tests need, with the real signatures.
package redis

import "context"

type Pool interface {
	Get(ctx context.Context) (Conn, error)
}

type Conn interface {
	Close() error
}
