package fenceredis_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/fencecheck/fencecheck/runtime/fence"
	"github.com/fencecheck/fencecheck/runtime/fenceredis"
	"github.com/fencecheck/fencecheck/runtime/fencetest"
	"github.com/fencecheck/fencecheck/runtime/internal/servers"
)

var (
	pingOnce sync.Once
	pingErr  error
)

// client connects to the test Redis and returns a key prefix whose keys are
// deleted after the test.
func client(t *testing.T) (*redis.Client, string) {
	t.Helper()
	c := redis.NewClient(&redis.Options{Addr: servers.RedisAddr(), DialTimeout: 2 * time.Second})
	t.Cleanup(func() { _ = c.Close() })
	pingOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		pingErr = c.Ping(ctx).Err()
	})
	if pingErr != nil {
		servers.Unavailable(t, "Redis at FENCECHECK_REDIS_ADDR (default "+servers.DefaultRedisAddr+")", pingErr)
	}
	prefix := fmt.Sprintf("fencecheck-test:%08x:", rand.Uint32())
	t.Cleanup(func() {
		ctx := context.Background()
		iter := c.Scan(ctx, 0, prefix+"*", 100).Iterator()
		for iter.Next(ctx) {
			_ = c.Del(ctx, iter.Val()).Err()
		}
	})
	return c, prefix
}

type redisSink struct {
	c      *redis.Client
	prefix string
}

func (s *redisSink) Write(ctx context.Context, res string, tok fence.Token, value string) error {
	return fenceredis.Set(ctx, s.c, s.prefix+res, tok, value)
}

func (s *redisSink) Read(ctx context.Context, res string) (string, error) {
	v, err := s.c.Get(ctx, s.prefix+res).Result()
	if errors.Is(err, redis.Nil) {
		return "", nil
	}
	return v, err
}

func TestConformance(t *testing.T) {
	fencetest.Run(t, func(t *testing.T) fencetest.Sink {
		c, prefix := client(t)
		return &redisSink{c: c, prefix: prefix}
	})
}

func TestSetDelAndLargeTokens(t *testing.T) {
	c, p := client(t)
	ctx := t.Context()
	key := p + "{job:1}:result"
	// Tokens past 2^53 differ only in the last digit: compared exactly.
	big := fence.Token(1<<62 + 1)
	if err := fenceredis.Set(ctx, c, key, big, "new"); err != nil {
		t.Fatal(err)
	}
	err := fenceredis.Set(ctx, c, key, big-1, "old")
	var se *fence.StaleError
	if !errors.Is(err, fence.ErrStale) || !errors.As(err, &se) || se.Current != big || se.Token != big-1 {
		t.Fatalf("older big token: %v", err)
	}
	if err := fenceredis.Set(ctx, c, key, 9, "short"); !errors.Is(err, fence.ErrStale) {
		t.Fatalf("token with fewer digits: %v", err)
	}
	if got := c.Get(ctx, fenceredis.TokenKey(key)).Val(); got != big.String() {
		t.Fatalf("token key holds %q", got)
	}
	if err := fenceredis.Del(ctx, c, key, big-1); !errors.Is(err, fence.ErrStale) {
		t.Fatalf("stale delete: %v", err)
	}
	if err := fenceredis.Del(ctx, c, key, big); err != nil {
		t.Fatal(err)
	}
	if n := c.Exists(ctx, key).Val(); n != 0 {
		t.Fatal("value survived the delete")
	}
	if err := fenceredis.Set(ctx, c, key, big-1, "resurrect"); !errors.Is(err, fence.ErrStale) {
		t.Fatalf("older token after delete: %v", err)
	}
	if err := fenceredis.Set(ctx, c, key, 0, "x"); err == nil || errors.Is(err, fence.ErrStale) {
		t.Fatalf("token 0: %v", err)
	}
}

// TestClaimWorkedExample: A claims and pauses past its lease; B claims and
// writes; A's late write is rejected.
func TestClaimWorkedExample(t *testing.T) {
	c, p := client(t)
	ctx := t.Context()
	res := p + "{job:7}"
	a, err := fenceredis.Claim(ctx, c, res, 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fenceredis.Claim(ctx, c, res, time.Second); !errors.Is(err, fenceredis.ErrUnavailable) {
		t.Fatalf("claim while held: %v", err)
	}
	time.Sleep(120 * time.Millisecond) // A's lease expires
	b, err := fenceredis.Claim(ctx, c, res, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if b.Token != a.Token+1 {
		t.Fatalf("tokens %d then %d", a.Token, b.Token)
	}
	key := res + ":result"
	if err := fenceredis.Set(ctx, c, key, b.Token, "B"); err != nil {
		t.Fatal(err)
	}
	if err := fenceredis.Set(ctx, c, key, a.Token, "A late"); !errors.Is(err, fence.ErrStale) {
		t.Fatalf("A's late write: %v", err)
	}
	if err := fenceredis.Release(ctx, c, res, a.Token); !errors.Is(err, fence.ErrStale) {
		t.Fatalf("A's release: %v", err)
	}
	if err := fenceredis.Release(ctx, c, res, b.Token); err != nil {
		t.Fatal(err)
	}
	if got := c.Get(ctx, key).Val(); got != "B" {
		t.Fatalf("value %q", got)
	}
	cl, err := fenceredis.Claim(ctx, c, res, time.Second)
	if err != nil || cl.Token != b.Token+1 {
		t.Fatalf("claim after release: %+v %v", cl, err)
	}
	if _, err := fenceredis.Claim(ctx, c, res, time.Microsecond); err == nil {
		t.Fatal("sub-millisecond lease accepted")
	}
}
