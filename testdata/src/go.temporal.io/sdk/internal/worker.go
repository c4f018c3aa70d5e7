package internal

type WorkerOptions struct {
	MaxConcurrentActivityExecutionSize int
}
