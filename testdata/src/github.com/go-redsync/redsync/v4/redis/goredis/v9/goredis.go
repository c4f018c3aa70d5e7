// Package goredis synthesizes the part of github.com/go-redsync/redsync/v4/redis/goredis/v9 that fencecheck's tests need, with the real signatures.
package goredis

import (
	redsyncredis "github.com/go-redsync/redsync/v4/redis"
	"github.com/redis/go-redis/v9"
)

func NewPool(delegate redis.UniversalClient) redsyncredis.Pool { return nil }
