package ifacequery // want `skipped`

import (
	"context"
	"net/http"
)

// Searcher has a method named like a SQL execution, but no SQL handle is
// among the package's imports to stand behind it.
type Searcher interface {
	Query(ctx context.Context, q string) ([]string, error)
}

// Find searches.
func Find(ctx context.Context, s Searcher, h http.Header) ([]string, error) {
	return s.Query(ctx, h.Get("q"))
}
