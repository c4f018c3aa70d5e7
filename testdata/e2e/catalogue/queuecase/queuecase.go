// Package queuecase holds job handlers for River, asynq and Temporal that
// charge customers through a payments API and cache results in Redis.
package queuecase

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	"github.com/riverqueue/river"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/worker"

	"example.com/catalogue/fence"
)

var errFenced = errors.New("queuecase: payments API fenced us out")

// Payments is the downstream API; it enforces the Fencing-Token header.
type Payments struct {
	HTTP *http.Client
	URL  string
	RDB  *redis.Client
}

// ChargeArgs are River job arguments.
type ChargeArgs struct {
	InvoiceID int64 `json:"invoice_id"`
	Amount    int64 `json:"amount"`
}

func (ChargeArgs) Kind() string { return "charge" }

// ChargeWorker is a River worker.
type ChargeWorker struct {
	river.WorkerDefaults[ChargeArgs]
	P *Payments
}

func (w *ChargeWorker) Work(ctx context.Context, job *river.Job[ChargeArgs]) error {
	id := strconv.FormatInt(job.Args.InvoiceID, 10)
	body := []byte(fmt.Sprintf(`{"amount":%d}`, job.Args.Amount))

	if err := w.P.RDB.Set(ctx, "invoice:"+id+":state", "charging", 0).Err(); err != nil { // finding: unfenced
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.P.URL+"/charges/"+id, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Fencing-Token", strconv.Itoa(job.Attempt))
	resp, err := w.P.HTTP.Do(req) // finding: weakguard
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusConflict {
		return errFenced
	}

	tok, err := fence.Claim(ctx, w.P.RDB, "invoice:"+id, strconv.FormatInt(job.ID, 10), time.Minute)
	if err != nil {
		return err
	}
	req, err = http.NewRequestWithContext(ctx, http.MethodPut, w.P.URL+"/invoices/"+id, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Fencing-Token", strconv.FormatInt(tok, 10))
	resp, err = w.P.HTTP.Do(req) // ok: the claim's token travels in the enforced header and 409 is handled
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusConflict {
		return errFenced
	}

	if ctx.Err() == nil {
		w.P.RDB.Del(ctx, "invoice:"+id+":state") // finding: preflight
	}
	return nil
}

// Register wires the River workers.
func Register(p *Payments) *river.Workers {
	workers := river.NewWorkers()
	river.AddWorker(workers, &ChargeWorker{P: p})
	river.AddWorker(workers, river.WorkFunc(func(ctx context.Context, job *river.Job[ChargeArgs]) error {
		return p.RDB.HSet(ctx, "refunds", strconv.FormatInt(job.Args.InvoiceID, 10), job.Args.Amount).Err() // finding: unfenced
	}))
	return workers
}

// EmailHandler is an asynq handler.
type EmailHandler struct {
	P *Payments
}

func (h *EmailHandler) ProcessTask(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	if err := h.P.RDB.Set(ctx, "email:"+id, t.Payload(), 0).Err(); err != nil { // finding: unfenced
		return err
	}
	n, _ := asynq.GetRetryCount(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, h.P.URL+"/emails/"+id, bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	req.Header.Set("Fencing-Token", strconv.Itoa(n))
	resp, err := h.P.HTTP.Do(req) // finding: weakguard
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusConflict {
		return errFenced
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	default:
	}
	if _, err := t.ResultWriter().Write([]byte("sent")); err != nil { // finding: preflight
		return err
	}
	return nil
}

// Mux wires the asynq handlers.
func Mux(p *Payments) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Handle("email:send", &EmailHandler{P: p})
	mux.HandleFunc("email:bounce", func(ctx context.Context, t *asynq.Task) error {
		return p.RDB.SAdd(ctx, "bounced", string(t.Payload())).Err() // ok: a set member holds no value a newer holder wrote
	})
	return mux
}

// Activities are Temporal activities.
type Activities struct {
	P *Payments
}

// Capture captures a payment.
func (a *Activities) Capture(ctx context.Context, invoiceID string) error {
	if err := a.P.RDB.Set(ctx, "capture:"+invoiceID, "started", 0).Err(); err != nil { // finding: unfenced
		return err
	}
	activity.RecordHeartbeat(ctx, "capturing")
	if ctx.Err() == nil {
		resp, err := a.P.HTTP.Post(a.P.URL+"/captures/"+invoiceID, "application/json", nil) // finding: preflight
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	info := activity.GetInfo(ctx)
	key := info.WorkflowExecution.RunID + "/" + info.ActivityID
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, a.P.URL+"/captures/"+invoiceID+"?attempt_key="+key, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Fencing-Token", strconv.Itoa(int(info.Attempt)))
	resp, err := a.P.HTTP.Do(req) // ok: ActivityInfo.Attempt increases per (run, activity) and the API keys it that way
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusConflict {
		return errFenced
	}
	return nil
}

// Snapshot encodes the invoice id with the SDK's default converter.
func (a *Activities) Snapshot(ctx context.Context, invoiceID string) ([]byte, error) {
	activity.RecordHeartbeat(ctx, "encoding")
	p, err := converter.GetDefaultDataConverter().ToPayload(invoiceID) // ok: the SDK's converters disagree about writing (one POSTs to a remote codec), and which one runs is configured elsewhere
	if err != nil {
		return nil, err
	}
	return p.GetData(), nil
}

// Worker registers the activities on a Temporal worker.
func Worker(c client.Client, p *Payments) worker.Worker {
	w := worker.New(c, "payments", worker.Options{})
	w.RegisterActivity(&Activities{P: p})
	w.RegisterActivity(&Ledger{P: p})
	return w
}

// Ledger is registered as an activity struct; its methods never call the
// activity package.
type Ledger struct {
	P *Payments
}

// Post is an activity because Ledger is registered.
func (l *Ledger) Post(ctx context.Context, invoiceID string) error {
	return l.P.RDB.Set(ctx, "ledger:"+invoiceID, "posted", 0).Err() // finding: unfenced
}

// Enqueue builds a task and enqueues it: a producer holds no lease.
func Enqueue(ctx context.Context, c *asynq.Client, p *Payments, t *asynq.Task) error {
	if err := p.RDB.Set(ctx, "queued:"+t.Type(), "1", 0).Err(); err != nil { // ok: a producer holds no lease
		return err
	}
	_, err := c.EnqueueContext(ctx, t)
	return err
}

// Lookup reads state outside any handler.
func Lookup(ctx context.Context, rdb *redis.Client, id string) (string, error) {
	return rdb.Get(ctx, "invoice:"+id+":state").Result() // ok: a read is not a write
}
