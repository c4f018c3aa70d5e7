// Package consulcase runs a compactor under a Consul lock and records its
// progress in the Consul KV store.
package consulcase

import (
	"errors"
	"strconv"

	"github.com/hashicorp/consul/api"
)

var errLost = errors.New("consulcase: lost the lock")

const lockKey = "locks/compactor"

// Compactor records progress under locks/compactor.
type Compactor struct {
	c *api.Client
}

func New(c *api.Client) *Compactor { return &Compactor{c: c} }

// RunWithLock uses the api.Lock helper.
func (x *Compactor) RunWithLock(stop <-chan struct{}, offset uint64) error {
	lock, err := x.c.LockOpts(&api.LockOptions{Key: lockKey, SessionTTL: "15s"})
	if err != nil {
		return err
	}
	lost, err := lock.Lock(stop)
	if err != nil {
		return err
	}
	if lost == nil {
		return nil
	}
	defer lock.Unlock()
	kv := x.c.KV()
	val := []byte(strconv.FormatUint(offset, 10))

	if _, err := kv.Put(&api.KVPair{Key: "compactor/offset", Value: val}, nil); err != nil { // want `unfenced`
		return err
	}
	select {
	case <-lost:
		return errLost
	default:
	}
	if _, err := kv.Delete("compactor/pending", nil); err != nil { // want `preflight`
		return err
	}
	return nil
}

// RunWithSession acquires the key with a session and writes in checked
// transactions.
func (x *Compactor) RunWithSession(offset uint64) error {
	sid, _, err := x.c.Session().Create(&api.SessionEntry{TTL: "15s", Behavior: api.SessionBehaviorRelease}, nil)
	if err != nil {
		return err
	}
	defer x.c.Session().Destroy(sid, nil)
	kv := x.c.KV()
	held, _, err := kv.Acquire(&api.KVPair{Key: lockKey, Session: sid}, nil)
	if err != nil {
		return err
	}
	if !held {
		return errLost
	}
	defer kv.Release(&api.KVPair{Key: lockKey, Session: sid}, nil)
	val := []byte(strconv.FormatUint(offset, 10))

	ok, _, _, err := kv.Txn(api.KVTxnOps{ // ok: KVCheckSession makes the set conditional on still holding the lock
		{Verb: api.KVCheckSession, Key: lockKey, Session: sid},
		{Verb: api.KVSet, Key: "compactor/offset", Value: val},
	}, nil)
	if err != nil {
		return err
	}
	if !ok {
		return errLost
	}

	if _, _, _, err := kv.Txn(api.KVTxnOps{{Verb: api.KVCheckSession, Key: lockKey, Session: sid}, {Verb: api.KVDelete, Key: "compactor/pending"}}, nil); err != nil { // want `uncheckedfence`
		return err
	}

	ok, _, _, err = x.c.Txn().Txn(api.TxnOps{ // ok: the generic Txn carries the same session check
		{KV: &api.KVTxnOp{Verb: api.KVCheckSession, Key: lockKey, Session: sid}},
		{KV: &api.KVTxnOp{Verb: api.KVSet, Key: "compactor/stats", Value: val}},
	}, nil)
	if err != nil {
		return err
	}
	if !ok {
		return errLost
	}

	if entry, _, err := x.c.Session().Info(sid, nil); err == nil && entry != nil {
		if _, err := kv.Put(&api.KVPair{Key: "compactor/stats", Value: val}, nil); err != nil { // want `preflight`
			return err
		}
	}

	cur, _, err := kv.Get("compactor/offset", nil)
	if err != nil || cur == nil {
		return err
	}
	swapped, _, err := kv.CAS(&api.KVPair{Key: "compactor/offset", Value: val, ModifyIndex: cur.ModifyIndex}, nil) // want `weakguard`
	if err != nil {
		return err
	}
	if !swapped {
		return errLost
	}
	return nil
}

// Configure writes configuration with no lock held.
func Configure(c *api.Client, v []byte) error {
	_, err := c.KV().Put(&api.KVPair{Key: "compactor/config", Value: v}, nil) // ok: no lease is held
	return err
}
