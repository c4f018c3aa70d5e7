// Package asynq synthesizes the part of github.com/hibiken/asynq that fencecheck's tests need, with the real signatures.
package asynq

import "context"

type Task struct{}

func NewTask(typename string, payload []byte, opts ...Option) *Task { return nil }

type Option interface {
	String() string
}

type TaskInfo struct {
	ID    string
	Queue string
}

type Client struct{}

func (c *Client) EnqueueContext(ctx context.Context, task *Task, opts ...Option) (*TaskInfo, error) {
	return nil, nil
}

func (t *Task) Type() string { return "" }

func (t *Task) Payload() []byte { return nil }

func (t *Task) ResultWriter() *ResultWriter { return nil }

type ResultWriter struct{}

func (w *ResultWriter) TaskID() string { return "" }

func (w *ResultWriter) Write(data []byte) (n int, err error) { return 0, nil }

type Handler interface {
	ProcessTask(context.Context, *Task) error
}

type HandlerFunc func(context.Context, *Task) error

func (fn HandlerFunc) ProcessTask(ctx context.Context, task *Task) error { return nil }

type ServeMux struct{}

func NewServeMux() *ServeMux { return nil }

func (mux *ServeMux) Handle(pattern string, handler Handler) {}

func (mux *ServeMux) HandleFunc(pattern string, handler func(context.Context, *Task) error) {}

func GetTaskID(ctx context.Context) (id string, ok bool) { return "", false }

func GetRetryCount(ctx context.Context) (n int, ok bool) { return 0, false }

func GetMaxRetry(ctx context.Context) (n int, ok bool) { return 0, false }

func GetQueueName(ctx context.Context) (queue string, ok bool) { return "", false }
