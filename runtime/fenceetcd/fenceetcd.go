// Package fenceetcd takes fencing tokens from etcd locks and elections and
// fences writes to etcd with transactions.
//
// Tokens: [Lock] locks a concurrency.Mutex and returns its token, the
// revision of the lock acquisition (m.Header().Revision); [Campaign] wins an
// election and returns the leader key's creation revision (e.Rev()). Both
// are etcd revisions: every later holder of the same lock or election gets
// a larger one. [MutexToken] and [ElectionToken] read the token of a mutex
// or election already held. Ship the token to any fenced sink: fencesql,
// fenceredis, fencehttp, or etcd itself with [Put] and [Delete]. A session's
// lease ID is not a token: lease IDs are not ordered across members.
//
// Writes: [Put] and [Delete] keep the newest token written to a key under
// [TokenKey](key) and run, in one transaction,
//
//	Txn(ctx).If(Compare(Value(TokenKey(key)), "<", tok+1)).
//		Then(OpPut(key, val), OpPut(TokenKey(key), tok)).
//		Else(OpTxn(<token key absent>, <the same puts>, <read the token>))
//
// so the write happens only if tok is at least the stored token, and
// otherwise returns an error matching [fence.ErrStale]. Tokens are stored as
// 19-digit zero-padded decimals, because etcd compares values as bytes.
//
// When the sink is the same etcd cluster as the lock, the lock itself can
// guard the write: Txn(ctx).If(m.IsOwner()).Then(clientv3.OpPut(k, v)),
// checking TxnResponse.Succeeded. That needs no token key, but only works
// while the lock key exists; Put works with tokens from any issuer.
package fenceetcd

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"

	"github.com/fencecheck/fencecheck/runtime/fence"
)

// TokenKeyPrefix is the prefix of the keys that hold tokens: the token of key
// k lives at TokenKeyPrefix + k. Grant access to it where the writers have
// access to k.
const TokenKeyPrefix = "fencecheck.token/"

// TokenKey returns the key that holds the newest token written to key.
func TokenKey(key string) string { return TokenKeyPrefix + key }

// Lock locks m (see concurrency.Mutex.Lock) and returns its claim, whose
// token is the revision at which the lock was acquired. The claim has no
// deadline: the lock lasts as long as its session's lease.
//
//fencecheck:acquire
func Lock(ctx context.Context, m *concurrency.Mutex) (fence.Claim, error) {
	if err := m.Lock(ctx); err != nil {
		return fence.Claim{}, fmt.Errorf("fenceetcd: lock: %w", err)
	}
	tok, err := MutexToken(m)
	if err != nil {
		return fence.Claim{}, err
	}
	return fence.Claim{Resource: m.Key(), Token: tok}, nil
}

// MutexToken returns the token of a held mutex: m.Header().Revision, the
// revision at which it was acquired. It fails if m has not been locked.
func MutexToken(m *concurrency.Mutex) (fence.Token, error) {
	h := m.Header()
	if h == nil || h.Revision <= 0 {
		return 0, errors.New("fenceetcd: mutex is not locked")
	}
	return fence.Token(h.Revision), nil
}

// Campaign campaigns in e with val until elected (see
// concurrency.Election.Campaign) and returns the claim, whose token is the
// creation revision of the leader key.
//
//fencecheck:acquire
func Campaign(ctx context.Context, e *concurrency.Election, val string) (fence.Claim, error) {
	if err := e.Campaign(ctx, val); err != nil {
		return fence.Claim{}, fmt.Errorf("fenceetcd: campaign: %w", err)
	}
	tok, err := ElectionToken(e)
	if err != nil {
		return fence.Claim{}, err
	}
	return fence.Claim{Resource: e.Key(), Token: tok}, nil
}

// ElectionToken returns the token of an election this process leads:
// e.Rev(), the creation revision of its leader key. It fails if e has not
// been won.
func ElectionToken(e *concurrency.Election) (fence.Token, error) {
	rev := e.Rev()
	if rev <= 0 {
		return 0, errors.New("fenceetcd: not elected")
	}
	return fence.Token(rev), nil
}

// Put writes val to key if tok is at least the newest token written to key,
// and records tok under TokenKey(key), in one transaction. It returns an
// error matching [fence.ErrStale] (a *fence.StaleError with the newest
// token) when a newer token has written: the caller has lost its claim and
// must stop. The holder of a token may Put any number of times.
//
//fencecheck:guarded token=tok
func Put(ctx context.Context, kv clientv3.KV, key string, tok fence.Token, val string, opts ...clientv3.OpOption) error {
	return fenced(ctx, kv, "put", key, tok, clientv3.OpPut(key, val, opts...))
}

// Delete deletes key if tok is at least the newest token written to key,
// and records tok, in one transaction. The token key stays, so a holder of
// an older token cannot recreate key. Errors as [Put].
//
//fencecheck:guarded token=tok
func Delete(ctx context.Context, kv clientv3.KV, key string, tok fence.Token) error {
	return fenced(ctx, kv, "delete", key, tok, clientv3.OpDelete(key))
}

func encode(tok int64) string { return fmt.Sprintf("%019d", tok) }

func fenced(ctx context.Context, kv clientv3.KV, what, key string, tok fence.Token, op clientv3.Op) error {
	if !tok.Valid() || tok == math.MaxInt64 {
		return fmt.Errorf("fenceetcd: %s %q: invalid token %d", what, key, tok)
	}
	tk := TokenKey(key)
	ops := []clientv3.Op{op, clientv3.OpPut(tk, encode(int64(tok)))}
	resp, err := kv.Txn(ctx).
		If(clientv3.Compare(clientv3.Value(tk), "<", encode(int64(tok)+1))).
		Then(ops...).
		Else(clientv3.OpTxn(
			[]clientv3.Cmp{clientv3.Compare(clientv3.CreateRevision(tk), "=", 0)},
			ops,
			[]clientv3.Op{clientv3.OpGet(tk)},
		)).
		Commit()
	if err != nil {
		return fmt.Errorf("fenceetcd: %s %q: %w", what, key, err)
	}
	if resp.Succeeded {
		return nil
	}
	inner := resp.Responses[0].GetResponseTxn()
	if inner.Succeeded {
		return nil
	}
	stale := &fence.StaleError{Resource: key, Token: tok}
	if rr := inner.Responses[0].GetResponseRange(); rr != nil && len(rr.Kvs) == 1 {
		if cur, err := strconv.ParseInt(string(rr.Kvs[0].Value), 10, 64); err == nil {
			stale.Current = fence.Token(cur)
		}
	}
	return fmt.Errorf("fenceetcd: %s: %w", what, stale)
}
