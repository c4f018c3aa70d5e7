package fenceetcd_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"

	"github.com/fencecheck/fencecheck/runtime/fence"
	"github.com/fencecheck/fencecheck/runtime/fenceetcd"
	"github.com/fencecheck/fencecheck/runtime/fencetest"
)

// freeURL returns an http URL on a free loopback port.
func freeURL(t *testing.T) url.URL {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = l.Close() }()
	return url.URL{Scheme: "http", Host: l.Addr().String()}
}

// startEtcd runs a one-member etcd server in t.TempDir() on free ports and
// returns a client of it; both stop when the test ends.
func startEtcd(t *testing.T) *clientv3.Client {
	t.Helper()
	var (
		e   *embed.Etcd
		err error
	)
	for attempt := 0; attempt < 3; attempt++ { // a free port can be taken before etcd binds it
		cfg := embed.NewConfig()
		cfg.Name = "fencetest"
		cfg.Dir = t.TempDir()
		cfg.Logger = "zap"
		cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(zap.NewNop())
		cfg.UnsafeNoFsync = true
		client, peer := freeURL(t), freeURL(t)
		cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{client}, []url.URL{client}
		cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{peer}, []url.URL{peer}
		cfg.ListenMetricsUrls = nil
		cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
		if e, err = embed.StartEtcd(cfg); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("start embedded etcd: %v", err)
	}
	t.Cleanup(e.Close)
	select {
	case <-e.Server.ReadyNotify():
	case err := <-e.Err():
		t.Fatalf("embedded etcd: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("embedded etcd did not become ready in 30s")
	}
	cli, err := clientv3.New(clientv3.Config{
		Endpoints:   []string{e.Config().AdvertiseClientUrls[0].String()},
		DialTimeout: 5 * time.Second,
		Logger:      zap.NewNop(),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cli.Close() })
	return cli
}

type etcdSink struct{ cli *clientv3.Client }

func (s etcdSink) Write(ctx context.Context, res string, tok fence.Token, value string) error {
	return fenceetcd.Put(ctx, s.cli, res, tok, value)
}

func (s etcdSink) Read(ctx context.Context, res string) (string, error) {
	r, err := s.cli.Get(ctx, res)
	if err != nil || len(r.Kvs) == 0 {
		return "", err
	}
	return string(r.Kvs[0].Value), nil
}

func TestFenceEtcd(t *testing.T) {
	cli := startEtcd(t) // one server for all subtests; keys are unique per subtest

	t.Run("conformance", func(t *testing.T) {
		fencetest.Run(t, func(*testing.T) fencetest.Sink { return etcdSink{cli} })
	})

	t.Run("mutex-worked-example", func(t *testing.T) {
		ctx := t.Context()
		sa, err := concurrency.NewSession(cli, concurrency.WithTTL(5))
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = sa.Close() }()
		a, err := fenceetcd.Lock(ctx, concurrency.NewMutex(sa, "/locks/job-1"))
		if err != nil {
			t.Fatal(err)
		}
		if err := fenceetcd.Put(ctx, cli, "/results/job-1", a.Token, "A"); err != nil {
			t.Fatal(err)
		}
		// A pauses; its session's lease ends (as on expiry), the lock key
		// goes, and B takes the lock.
		if _, err := cli.Revoke(ctx, sa.Lease()); err != nil {
			t.Fatal(err)
		}
		sb, err := concurrency.NewSession(cli, concurrency.WithTTL(5))
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = sb.Close() }()
		mb := concurrency.NewMutex(sb, "/locks/job-1")
		b, err := fenceetcd.Lock(ctx, mb)
		if err != nil {
			t.Fatal(err)
		}
		if tok, _ := fenceetcd.MutexToken(mb); b.Token <= a.Token || tok != b.Token {
			t.Fatalf("tokens: A %d, B %d (MutexToken %d); want B > A", a.Token, b.Token, tok)
		}
		if err := fenceetcd.Put(ctx, cli, "/results/job-1", b.Token, "B"); err != nil {
			t.Fatal(err)
		}
		err = fenceetcd.Put(ctx, cli, "/results/job-1", a.Token, "A late")
		var se *fence.StaleError
		if !errors.Is(err, fence.ErrStale) || !errors.As(err, &se) || se.Current != b.Token {
			t.Fatalf("A's late put: %v", err)
		}
		if err := fenceetcd.Delete(ctx, cli, "/results/job-1", a.Token); !errors.Is(err, fence.ErrStale) {
			t.Fatalf("A's late delete: %v", err)
		}
		if v, _ := (etcdSink{cli}).Read(ctx, "/results/job-1"); v != "B" {
			t.Fatalf("value %q, want B", v)
		}
		if err := fenceetcd.Delete(ctx, cli, "/results/job-1", b.Token); err != nil {
			t.Fatal(err)
		}
		if err := fenceetcd.Put(ctx, cli, "/results/job-1", a.Token, "A resurrect"); !errors.Is(err, fence.ErrStale) {
			t.Fatalf("older put after delete: %v", err)
		}
		// The same-cluster alternative: the lock itself guards the write.
		resp, err := cli.Txn(ctx).If(mb.IsOwner()).Then(clientv3.OpPut("/results/job-1", "B owned")).Commit()
		if err != nil || !resp.Succeeded {
			t.Fatalf("IsOwner txn: %v %v", resp, err)
		}
		if _, err := fenceetcd.MutexToken(concurrency.NewMutex(sb, "/locks/other")); err == nil {
			t.Fatal("MutexToken of an unlocked mutex")
		}
	})

	t.Run("election-tokens-increase", func(t *testing.T) {
		ctx := t.Context()
		var last fence.Token
		for i := range 3 {
			s, err := concurrency.NewSession(cli, concurrency.WithTTL(5))
			if err != nil {
				t.Fatal(err)
			}
			e := concurrency.NewElection(s, "/elections/reporter")
			c, err := fenceetcd.Campaign(ctx, e, fmt.Sprintf("node-%d", i))
			if err != nil {
				t.Fatal(err)
			}
			if c.Token <= last {
				t.Fatalf("leader %d token %d after %d", i, c.Token, last)
			}
			if err := fenceetcd.Put(ctx, cli, "/reports/daily", c.Token, fmt.Sprintf("by node-%d", i)); err != nil {
				t.Fatal(err)
			}
			if last != 0 {
				if err := fenceetcd.Put(ctx, cli, "/reports/daily", last, "old leader"); !errors.Is(err, fence.ErrStale) {
					t.Fatalf("old leader's put: %v", err)
				}
			}
			last = c.Token
			if err := e.Resign(ctx); err != nil {
				t.Fatal(err)
			}
			_ = s.Close()
		}
		if _, err := fenceetcd.ElectionToken(concurrency.NewElection(nil, "/x")); err == nil {
			t.Fatal("ElectionToken of an election not won")
		}
	})

	t.Run("large-tokens", func(t *testing.T) {
		ctx := t.Context()
		if err := fenceetcd.Put(ctx, cli, "/big", 1<<62, "new"); err != nil {
			t.Fatal(err)
		}
		if err := fenceetcd.Put(ctx, cli, "/big", 9, "old"); !errors.Is(err, fence.ErrStale) {
			t.Fatalf("small token after big: %v", err)
		}
		if err := fenceetcd.Put(ctx, cli, "/big", 0, "zero"); err == nil || errors.Is(err, fence.ErrStale) {
			t.Fatalf("token 0: %v", err)
		}
	})
}
