// Package rediscase publishes reports and invoices under Redis locks
// (redsync and redislock) and writes them with go-redis and redigo.
package rediscase

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"github.com/go-redsync/redsync/v4/redis/goredis/v9"
	redigo "github.com/gomodule/redigo/redis"
	"github.com/redis/go-redis/v9"

	"example.com/catalogue/fence"
)

var errLost = errors.New("rediscase: lost the lock")

// fencedSet writes ARGV[2] to KEYS[1] only when ARGV[1] is newer than the
// token stored at KEYS[2].
var fencedSet = redis.NewScript(`
local cur = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[1]) <= cur then
  return 0
end
redis.call('SET', KEYS[2], ARGV[1])
redis.call('SET', KEYS[1], ARGV[2])
return 1`)

const fencedSetLua = `
local cur = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[1]) <= cur then
  return 0
end
redis.call('SET', KEYS[2], ARGV[1])
redis.call('SET', KEYS[1], ARGV[2])
return 1`

// Reports publishes report bodies under a redsync mutex.
type Reports struct {
	rdb *redis.Client
	rs  *redsync.Redsync
}

func NewReports(rdb *redis.Client) *Reports {
	return &Reports{rdb: rdb, rs: redsync.New(goredis.NewPool(rdb))}
}

// Publish writes a report while holding the mutex.
func (r *Reports) Publish(ctx context.Context, id string, body []byte) error {
	mu := r.rs.NewMutex("lock:report:"+id, redsync.WithExpiry(30*time.Second))
	if err := mu.LockContext(ctx); err != nil {
		return err
	}
	defer mu.UnlockContext(ctx)
	key := "report:" + id

	if err := r.rdb.Set(ctx, key, body, 0).Err(); err != nil { // want `unfenced`
		return err
	}
	if ok, err := mu.ValidContext(ctx); err == nil && ok {
		r.rdb.HSet(ctx, key+":meta", "published", time.Now().Unix()) // want `preflight`
	}
	if time.Now().Before(mu.Until()) {
		r.rdb.Del(ctx, key+":draft") // want `preflight`
	}
	n, err := fencedSet.Run(ctx, r.rdb, []string{key, key + ":fence"}, mu.Value(), body).Int64() // want `weakguard`
	if err != nil {
		return err
	}
	if n == 0 {
		return errLost
	}
	return nil
}

// PublishFenced claims a token with the lock and writes through the script.
func (r *Reports) PublishFenced(ctx context.Context, id string, body []byte) error {
	tok, err := fence.Claim(ctx, r.rdb, "report:"+id, "worker-1", 30*time.Second)
	if err != nil {
		return err
	}
	key := "report:" + id
	n, err := fencedSet.Run(ctx, r.rdb, []string{key, key + ":fence"}, tok, body).Int64() // ok: the script compares the claim's token with the stored one
	if err != nil {
		return err
	}
	if n == 0 {
		return fence.ErrStale
	}
	fencedSet.Run(ctx, r.rdb, []string{key + ":summary", key + ":fence"}, tok, body) // want `uncheckedfence`

	res, err := r.rdb.Eval(ctx, fencedSetLua, []string{key + ":index", key + ":fence"}, tok, id).Int() // ok: Eval of a script that compares the stored token
	if err != nil {
		return err
	}
	if res == 0 {
		return fence.ErrStale
	}

	_, err = r.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, key+":fence", tok, 0) // want `unfenced`
		p.Set(ctx, key+":copy", body, 0) // want `unfenced`
		return nil
	})
	if err != nil {
		return err
	}

	err = r.rdb.Watch(ctx, func(tx *redis.Tx) error {
		cur, err := tx.Get(ctx, key+":fence").Int64()
		if err != nil && !errors.Is(err, redis.Nil) {
			return err
		}
		if cur >= tok {
			return fence.ErrStale
		}
		_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
			p.Set(ctx, key+":fence", tok, 0)    // ok: WATCH on the fence key aborts EXEC when a newer token lands
			p.Set(ctx, key+":archive", body, 0) // ok: WATCH on the fence key aborts EXEC when a newer token lands
			return nil
		})
		return err
	}, key+":fence")
	if errors.Is(err, redis.TxFailedErr) {
		return fence.ErrStale
	}
	return err
}

// Invoices sends invoices under a redislock lock.
type Invoices struct {
	rdb    *redis.Client
	locker *redislock.Client
}

func NewInvoices(rdb *redis.Client) *Invoices {
	return &Invoices{rdb: rdb, locker: redislock.New(rdb)}
}

// Send marks an invoice sent.
func (v *Invoices) Send(ctx context.Context, id string) error {
	lock, err := v.locker.Obtain(ctx, "lock:invoice:"+id, 30*time.Second, nil)
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	key := "invoice:" + id

	if err := v.rdb.HSet(ctx, key, "status", "sent").Err(); err != nil { // want `unfenced`
		return err
	}
	if ttl, err := lock.TTL(ctx); err == nil && ttl > 0 {
		v.rdb.XAdd(ctx, &redis.XAddArgs{Stream: "invoices", Values: map[string]any{"id": id}}) // want `preflight`
	}
	n, err := fencedSet.Run(ctx, v.rdb, []string{key + ":pdf", key + ":fence"}, lock.Token(), "pdf").Int64() // want `weakguard`
	if err != nil {
		return err
	}
	if n == 0 {
		return errLost
	}
	seq, err := v.rdb.Get(ctx, "invoice-seq").Int64()
	if err != nil {
		return err
	}
	n, err = fencedSet.Run(ctx, v.rdb, []string{key + ":total", key + ":fence"}, seq, "42").Int64() // want `weakguard`
	if err != nil {
		return err
	}
	if n == 0 {
		return errLost
	}
	return nil
}

// Cache writes without any lock.
func Cache(ctx context.Context, rdb redis.UniversalClient, key string, val []byte) error {
	return rdb.Set(ctx, key, val, time.Minute).Err() // ok: no lease is held
}

// Legacy writes through a redigo connection under a redsync mutex.
func Legacy(ctx context.Context, rs *redsync.Redsync, pool *redigo.Pool, id string) error {
	mu := rs.NewMutex("lock:legacy:" + id)
	if err := mu.Lock(); err != nil {
		return err
	}
	defer mu.Unlock()
	conn, err := pool.GetContext(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.Do("SET", "legacy:"+id, "done"); err != nil { // want `unfenced`
		return err
	}
	if _, err := redigo.String(conn.Do("GET", "legacy:"+id)); err != nil && !errors.Is(err, redigo.ErrNil) { // ok: a read is not a write
		return err
	}
	script := redigo.NewScript(2, fencedSetLua)
	n, err := redigo.Int64(script.DoContext(ctx, conn, "legacy:"+id, "legacy:"+id+":fence", strconv.FormatInt(time.Now().UnixNano(), 10), "done")) // want `weakguard`
	if err != nil {
		return err
	}
	if n == 0 {
		return errLost
	}
	return nil
}
