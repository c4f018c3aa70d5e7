// Package redislock synthesizes the part of github.com/bsm/redislock that fencecheck's tests need, with the real signatures.
package redislock

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

var (
	ErrNotObtained = errors.New("redislock: not obtained")
	ErrLockNotHeld = errors.New("redislock: lock not held")
)

type RedisClient interface {
	redis.Scripter
}

type Client struct{}

func New(client RedisClient) *Client { return nil }

func (c *Client) Obtain(ctx context.Context, key string, ttl time.Duration, opt *Options) (*Lock, error) {
	return nil, nil
}

func (c *Client) ObtainMulti(ctx context.Context, keys []string, ttl time.Duration, opt *Options) (*Lock, error) {
	return nil, nil
}

func Obtain(ctx context.Context, client RedisClient, key string, ttl time.Duration, opt *Options) (*Lock, error) {
	return nil, nil
}

func ObtainMulti(ctx context.Context, client RedisClient, keys []string, ttl time.Duration, opt *Options) (*Lock, error) {
	return nil, nil
}

type Lock struct{}

func (l *Lock) Key() string { return "" }

func (l *Lock) Keys() []string { return nil }

func (l *Lock) Token() string { return "" }

func (l *Lock) Metadata() string { return "" }

func (l *Lock) TTL(ctx context.Context) (time.Duration, error) { return 0, nil }

func (l *Lock) Refresh(ctx context.Context, ttl time.Duration, opt *Options) error { return nil }

func (l *Lock) Release(ctx context.Context) error { return nil }

type Options struct {
	RetryStrategy RetryStrategy
	Metadata      string
	Token         string
}

type RetryStrategy interface {
	NextBackoff() time.Duration
}
