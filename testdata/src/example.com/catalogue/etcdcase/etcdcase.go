// Package etcdcase runs a singleton reconciler under an etcd lock and a
// leader election, and writes its state back to etcd.
package etcdcase

import (
	"context"
	"errors"
	"strconv"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errLostLock = errors.New("etcdcase: lost the lock")

// Reconciler owns /state/<name> while it holds /locks/<name>.
type Reconciler struct {
	cli  *clientv3.Client
	name string
}

func New(cli *clientv3.Client, name string) *Reconciler {
	return &Reconciler{cli: cli, name: name}
}

// Apply writes desired state under the lock.
func (r *Reconciler) Apply(ctx context.Context, desired string) error {
	sess, err := concurrency.NewSession(r.cli, concurrency.WithTTL(10))
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/"+r.name)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	key := "/state/" + r.name

	if _, err := r.cli.Put(ctx, key, desired); err != nil { // want `unfenced`
		return err
	}
	resp, err := r.cli.Txn(ctx).If(m.IsOwner()).Then(clientv3.OpPut(key, desired)).Commit() // ok: If(m.IsOwner()) fences a write to the lock's own cluster
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errLostLock
	}

	if _, err := r.cli.Txn(ctx).If(m.IsOwner()).Then(clientv3.OpDelete(key + "/draft")).Commit(); err != nil { // want `uncheckedfence`
		return err
	}

	if _, err := r.cli.Do(ctx, clientv3.OpDelete(key+"/old")); err != nil { // want `unfenced`
		return err
	}
	return nil
}

// Preflight checks ownership before writing, which does not fence.
func (r *Reconciler) Preflight(ctx context.Context, desired string) error {
	sess, err := concurrency.NewSession(r.cli)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/"+r.name)
	if err := m.TryLock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	key := "/state/" + r.name

	select {
	case <-sess.Done():
		return errLostLock
	default:
	}
	if _, err := r.cli.Put(ctx, key, desired); err != nil { // want `preflight`
		return err
	}

	probe, err := r.cli.Txn(ctx).If(m.IsOwner()).Commit()
	if err != nil {
		return err
	}
	if probe.Succeeded {
		if _, err := r.cli.Put(ctx, key+"/summary", desired); err != nil { // want `preflight`
			return err
		}
	}

	if _, err := r.cli.KeepAliveOnce(ctx, sess.Lease()); err == nil {
		if _, err := r.cli.Delete(ctx, key+"/draft"); err != nil { // want `preflight`
			return err
		}
	}

	ttl, err := r.cli.TimeToLive(ctx, sess.Lease())
	if err != nil {
		return err
	}
	if ttl.TTL > 0 {
		resp, err := r.cli.Txn(ctx).If(m.IsOwner()).Then(clientv3.OpPut(key+"/summary", desired)).Commit() // ok: the Txn compares the lock key, the TTL check is only advisory
		if err != nil {
			return err
		}
		if !resp.Succeeded {
			return errLostLock
		}
	}
	return nil
}

// Tokens shows which values fence a compare on a shared fence key.
func (r *Reconciler) Tokens(ctx context.Context, desired string) error {
	sess, err := concurrency.NewSession(r.cli)
	if err != nil {
		return err
	}
	defer sess.Close()
	m := concurrency.NewMutex(sess, "/locks/"+r.name)
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	key := "/state/" + r.name
	tok := m.Header().Revision

	resp, err := r.cli.Txn(ctx).If(clientv3.Compare(clientv3.ModRevision(key), "<", tok)).Then(clientv3.OpPut(key, desired)).Commit() // ok: a newer holder's write moves ModRevision past our lock revision
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errLostLock
	}

	lease := strconv.FormatInt(int64(sess.Lease()), 16)
	resp, err = r.cli.Txn(ctx).If(clientv3.Compare(clientv3.Value(key+"/owner"), "<", lease)).Then(clientv3.OpPut(key, desired)).Commit() // want `weakguard`
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errLostLock
	}

	resp, err = r.cli.Txn(ctx).If(clientv3.Compare(clientv3.ModRevision(key), ">", tok)).Then(clientv3.OpPut(key, desired)).Commit() // want `weakguard`
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errLostLock
	}
	return nil
}

// Migrate uses the sync.Locker form, which exposes no token at all, and
// the STM form, which reads the lock key into its read set.
func (r *Reconciler) Migrate(ctx context.Context, version string) error {
	sess, err := concurrency.NewSession(r.cli)
	if err != nil {
		return err
	}
	defer sess.Close()
	l := concurrency.NewLocker(sess, "/locks/migrate")
	l.Lock()
	defer l.Unlock()
	if _, err := r.cli.Put(ctx, "/schema/version", version); err != nil { // want `unfenced`
		return err
	}

	m := concurrency.NewMutex(sess, "/locks/migrate-stm")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	_, err = concurrency.NewSTM(r.cli, func(s concurrency.STM) error { // ok: the lock key is in the STM read set, so a lost lock aborts the commit
		if s.Rev(m.Key()) == 0 {
			return errLostLock
		}
		s.Put("/schema/version", version) // ok: buffered in the STM, committed only if the read set is unchanged
		return nil
	})
	return err
}

// Lead campaigns for leadership and publishes the leader's view.
func Lead(ctx context.Context, cli *clientv3.Client, id, view string) error {
	sess, err := concurrency.NewSession(cli)
	if err != nil {
		return err
	}
	defer sess.Close()
	e := concurrency.NewElection(sess, "/election/view")
	if err := e.Campaign(ctx, id); err != nil {
		return err
	}
	defer e.Resign(context.Background())

	if err := e.Proclaim(ctx, view); err != nil { // ok: Proclaim compares the leader key's create revision
		return err
	}
	if _, err := cli.Put(ctx, "/view", view); err != nil { // want `unfenced`
		return err
	}
	resp, err := cli.Txn(ctx).If(clientv3.Compare(clientv3.CreateRevision(e.Key()), "=", e.Rev())).Then(clientv3.OpPut("/view", view)).Commit() // ok: compares the leader key with the election's revision
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return concurrency.ErrElectionNotLeader
	}
	return nil
}

// Seed writes defaults at start-up, before any lock is taken.
func Seed(ctx context.Context, cli *clientv3.Client) error {
	_, err := cli.Put(ctx, "/config/defaults", "{}") // ok: no lease is held
	return err
}
