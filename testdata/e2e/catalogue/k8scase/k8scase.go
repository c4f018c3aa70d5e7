// Package k8scase runs a billing sync loop as the elected leader of a
// Kubernetes Lease and pushes results to a downstream HTTP API.
package k8scase

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
)

// Syncer pushes invoices to the billing API while it leads.
type Syncer struct {
	http    *http.Client
	billing string
	lock    resourcelock.Interface
	le      *leaderelection.LeaderElector
}

// Run blocks while campaigning and leading. The lock is usually a
// *resourcelock.LeaseLock on the billing-sync Lease.
func Run(ctx context.Context, lock resourcelock.Interface, billing string) error {
	s := &Syncer{http: http.DefaultClient, billing: billing, lock: lock}
	le, err := leaderelection.NewLeaderElector(leaderelection.LeaderElectionConfig{
		Lock:            s.lock,
		LeaseDuration:   15 * time.Second,
		RenewDeadline:   10 * time.Second,
		RetryPeriod:     2 * time.Second,
		ReleaseOnCancel: true,
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: s.lead,
			OnStoppedLeading: func() {},
		},
	})
	if err != nil {
		return err
	}
	s.le = le
	le.Run(ctx)
	return nil
}

func (s *Syncer) lead(ctx context.Context) {
	for ctx.Err() == nil {
		if err := s.push(ctx, []byte(`{"period":"current"}`)); err != nil {
			return
		}
		time.Sleep(time.Minute)
	}
}

func (s *Syncer) push(ctx context.Context, body []byte) error {
	resp, err := http.Post(s.billing+"/invoices", "application/json", bytes.NewReader(body)) // finding: preflight
	if err != nil {
		return err
	}
	resp.Body.Close()

	if s.le.IsLeader() {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.billing+"/summary", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := s.http.Do(req) // finding: preflight
		if err != nil {
			return err
		}
		resp.Body.Close()
	}

	rec, _, err := s.lock.Get(ctx)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.billing+"/ledger", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Fencing-Token", strconv.Itoa(rec.LeaderTransitions))
	resp, err = s.http.Do(req) // finding: weakguard
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusConflict {
		return fmt.Errorf("billing: fenced out")
	}

	epoch, err := s.claimEpoch(ctx)
	if err != nil {
		return err
	}
	req, err = http.NewRequestWithContext(ctx, http.MethodPut, s.billing+"/ledger", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Fencing-Token", strconv.FormatInt(epoch, 10))
	resp, err = s.http.Do(req) // ok: the token comes from the downstream's own claim and travels in the enforced header
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusConflict {
		return fmt.Errorf("billing: fenced out")
	}

	req, err = http.NewRequestWithContext(ctx, http.MethodPut, s.billing+"/ledger/totals", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Fencing-Token", strconv.FormatInt(epoch, 10))
	resp, err = s.http.Do(req) // finding: uncheckedfence
	if err != nil {
		return err
	}
	resp.Body.Close()
	return nil
}

// claimEpoch asks the billing API for the next writer epoch.
//
//fencecheck:acquire
func (s *Syncer) claimEpoch(ctx context.Context) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.billing+"/epochs", nil)
	if err != nil {
		return 0, err
	}
	resp, err := s.http.Do(req) // ok: taking the claim is not a write under a lease
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var b [20]byte
	n, _ := resp.Body.Read(b[:])
	return strconv.ParseInt(string(b[:n]), 10, 64)
}

// Health reports readiness without any lease.
func Health(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req) // ok: no lease is held
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
