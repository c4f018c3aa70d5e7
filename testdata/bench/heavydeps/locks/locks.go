// Package locks takes an etcd lock and keeps a Redis cache beside it.
package locks

import (
	"context"

	"github.com/redis/go-redis/v9"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// Publish writes the leader's address to etcd under the lock, fenced by
// the lock's ownership, and caches it in Redis.
func Publish(ctx context.Context, cli *clientv3.Client, rdb *redis.Client, addr string) error {
	s, err := concurrency.NewSession(cli)
	if err != nil {
		return err
	}
	defer s.Close()
	m := concurrency.NewMutex(s, "/svc/lock")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	resp, err := cli.Txn(ctx).If(m.IsOwner()).Then(clientv3.OpPut("/svc/leader", addr)).Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return concurrency.ErrLockReleased
	}
	return rdb.Get(ctx, "svc:leader").Err()
}
