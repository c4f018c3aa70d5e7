// Package leader runs singleton work while this process leads an etcd
// election.
package leader

import (
	"context"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// Lead campaigns, then publishes this process as the owner.
func Lead(ctx context.Context, cli *clientv3.Client, me string) error {
	sess, err := concurrency.NewSession(cli)
	if err != nil {
		return err
	}
	defer sess.Close()
	e := concurrency.NewElection(sess, "/leader")
	if err := e.Campaign(ctx, me); err != nil {
		return err
	}
	if _, err := cli.Put(ctx, "/config/owner", me); err != nil { // finding: unfenced
		return err
	}
	resp, err := cli.Txn(ctx).
		If(clientv3.Compare(clientv3.CreateRevision(e.Key()), "=", e.Rev())).
		Then(clientv3.OpPut("/config/epoch", me)).
		Commit() // ok: the write is conditioned on still holding the election key (inventory: fenced)
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return concurrency.ErrElectionNotLeader
	}
	return nil
}
