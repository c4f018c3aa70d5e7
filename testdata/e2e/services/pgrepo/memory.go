package pgrepo

import (
	"context"
	"sync"
)

// MemoryStore is an in-memory JobStore for local runs; it is not a
// production implementation and does not count.
type MemoryStore struct {
	mu   sync.Mutex
	done map[int64]string
}

// Complete records the result in memory.
func (m *MemoryStore) Complete(ctx context.Context, id int64, result string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.done[id] = result
	return nil
}
