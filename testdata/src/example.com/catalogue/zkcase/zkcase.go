// Package zkcase runs a partition owner under a ZooKeeper lock and
// stores its checkpoint in ZooKeeper.
package zkcase

import (
	"errors"
	"path"

	"github.com/go-zookeeper/zk"
)

var errLost = errors.New("zkcase: lost the lock node")

// Owner checkpoints one partition.
type Owner struct {
	conn *zk.Conn
	part string
}

func New(conn *zk.Conn, part string) *Owner { return &Owner{conn: conn, part: part} }

// CheckpointWithRecipe uses the library lock recipe, which hides its node.
func (o *Owner) CheckpointWithRecipe(data []byte) error {
	l := zk.NewLock(o.conn, "/locks/"+o.part, zk.WorldACL(zk.PermAll))
	if err := l.Lock(); err != nil {
		return err
	}
	defer l.Unlock()
	if _, err := o.conn.Set("/checkpoints/"+o.part, data, -1); err != nil { // want `unfenced`
		return err
	}
	if err := o.conn.Delete("/checkpoints/"+o.part+"/pending", -1); err != nil { // want `unfenced`
		return err
	}
	return nil
}

// Checkpoint takes its own sequential lock node and checks it atomically
// with the write.
func (o *Owner) Checkpoint(data []byte) error {
	lockPath, err := o.conn.CreateProtectedEphemeralSequential("/locks/"+o.part+"/lock-", nil, zk.WorldACL(zk.PermAll))
	if err != nil {
		return err
	}
	defer o.conn.Delete(lockPath, -1) // ok: releases our own lock node
	ok, stat, err := o.conn.Exists(lockPath)
	if err != nil {
		return err
	}
	if !ok {
		return errLost
	}
	target := path.Join("/checkpoints", o.part)

	if _, err := o.conn.Multi( // ok: CheckVersionRequest on our own lock node makes the set conditional on still holding it
		&zk.CheckVersionRequest{Path: lockPath, Version: stat.Version},
		&zk.SetDataRequest{Path: target, Data: data, Version: -1},
	); err != nil {
		return err
	}

	o.conn.Multi(&zk.CheckVersionRequest{Path: lockPath, Version: stat.Version}, &zk.SetDataRequest{Path: target + "/meta", Data: data, Version: -1}) // want `uncheckedfence`

	if alive, _, err := o.conn.Exists(lockPath); err == nil && alive {
		if _, err := o.conn.Set(target, data, -1); err != nil { // want `preflight`
			return err
		}
	}

	_, cur, err := o.conn.Get(target)
	if err != nil {
		return err
	}
	if _, err := o.conn.Set(target, data, cur.Version); err != nil { // want `weakguard`
		return err
	}
	return nil
}

// Init creates the tree before any lock is taken.
func Init(conn *zk.Conn) error {
	_, err := conn.Create("/checkpoints", nil, 0, zk.WorldACL(zk.PermAll)) // ok: no lease is held
	if errors.Is(err, zk.ErrNodeExists) {
		return nil
	}
	return err
}
