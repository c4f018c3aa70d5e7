package fencehttp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/fencecheck/fencecheck/runtime/fence"
)

// Store records, per resource, the newest token a server has accepted.
//
// Accept must be atomic: it records tok as resource's newest token and
// returns nil if tok is at least the newest recorded, and otherwise records
// nothing and returns an error matching fence.ErrStale (a *fence.StaleError
// with Current set lets the server tell the client the newest token). A
// Store shared by several server processes (a SQL row per resource updated
// with WHERE token <= $tok, a Redis script) makes the check hold across
// them.
type Store interface {
	Accept(ctx context.Context, resource string, tok fence.Token) error
}

// MemoryStore is a Store in process memory, guarded by a mutex. The zero
// MemoryStore is ready to use.
type MemoryStore struct {
	mu     sync.Mutex
	newest map[string]fence.Token
}

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore { return &MemoryStore{} }

// Accept records tok for resource unless a newer token was accepted.
//
//fencecheck:guarded token=tok
func (s *MemoryStore) Accept(_ context.Context, resource string, tok fence.Token) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur := s.newest[resource]
	if tok < cur {
		return &fence.StaleError{Resource: resource, Token: tok, Current: cur}
	}
	if s.newest == nil {
		s.newest = make(map[string]fence.Token)
	}
	s.newest[resource] = tok
	return nil
}

// Newest returns the newest token accepted for resource (0 if none).
func (s *MemoryStore) Newest(resource string) fence.Token {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.newest[resource]
}

// Enforcer is the middleware that [Enforce] returns, with the token header
// configurable. Its fields must be set before it serves.
//
// Requests with the methods GET, HEAD and OPTIONS pass through unchecked:
// reads need no fence. Every other request must carry a token.
//
// The Enforcer serializes the requests for one resource: the token check and
// the wrapped handler run under a per-resource lock, so the order in which
// tokens are accepted is the order in which the handler's writes happen. That
// holds within one process. When several processes serve the same resources,
// use a shared Store and make the handler's own write fenced with the token
// from [TokenFrom].
type Enforcer struct {
	// Store records the newest accepted token per resource.
	Store Store
	// ResourceOf names the resource a request writes; "" answers 400.
	ResourceOf func(*http.Request) string
	// Next handles accepted requests.
	Next http.Handler
	// Header names the token header; "" means DefaultHeader.
	Header string

	mu    sync.Mutex
	locks map[string]*resourceLock
}

type resourceLock struct {
	sem  chan struct{}
	refs int
}

// Enforce returns middleware that fences the writes next makes: per
// resource (named by resourceOf), it passes a request on only if its token
// (header Fencing-Token) is at least the newest token store has accepted for
// that resource, answers 409 Conflict to an older token (with the newest
// token in the response's Fencing-Token header), and 400 Bad Request to a
// missing or malformed token. See [Enforcer].
func Enforce(store Store, resourceOf func(*http.Request) string, next http.Handler) http.Handler {
	return &Enforcer{Store: store, ResourceOf: resourceOf, Next: next}
}

// tokenKey is the context key of the accepted token.
type tokenKey struct{}

// TokenFrom returns the token the Enforcer accepted for the request whose
// context is ctx.
func TokenFrom(ctx context.Context) (fence.Token, bool) {
	tok, ok := ctx.Value(tokenKey{}).(fence.Token)
	return tok, ok
}

// ServeHTTP checks the request's token and passes it on or rejects it.
func (e *Enforcer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		e.Next.ServeHTTP(w, r)
		return
	}
	header := e.Header
	if header == "" {
		header = DefaultHeader
	}
	raw := r.Header.Get(header)
	if raw == "" {
		http.Error(w, "missing "+header+" header", http.StatusBadRequest)
		return
	}
	tok, err := fence.Parse(raw)
	if err != nil {
		http.Error(w, fmt.Sprintf("malformed %s header %q: a positive integer is required", header, raw), http.StatusBadRequest)
		return
	}
	res := e.ResourceOf(r)
	if res == "" {
		http.Error(w, "no resource to fence", http.StatusBadRequest)
		return
	}
	unlock, err := e.lock(r.Context(), res)
	if err != nil {
		http.Error(w, "request cancelled", http.StatusServiceUnavailable)
		return
	}
	defer unlock()
	if err := e.Store.Accept(r.Context(), res, tok); err != nil {
		if !errors.Is(err, fence.ErrStale) {
			http.Error(w, "fencing store: "+err.Error(), http.StatusInternalServerError)
			return
		}
		var se *fence.StaleError
		if errors.As(err, &se) && se.Current != 0 {
			w.Header().Set(header, se.Current.String())
		}
		http.Error(w, fmt.Sprintf("stale fencing token %d for %q: a newer token has been accepted", tok, res), http.StatusConflict)
		return
	}
	e.Next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), tokenKey{}, tok)))
}

// lock takes the per-resource lock, giving up when ctx ends.
func (e *Enforcer) lock(ctx context.Context, res string) (func(), error) {
	e.mu.Lock()
	if e.locks == nil {
		e.locks = make(map[string]*resourceLock)
	}
	l := e.locks[res]
	if l == nil {
		l = &resourceLock{sem: make(chan struct{}, 1)}
		e.locks[res] = l
	}
	l.refs++
	e.mu.Unlock()
	done := func() {
		e.mu.Lock()
		if l.refs--; l.refs == 0 {
			delete(e.locks, res)
		}
		e.mu.Unlock()
	}
	select {
	case l.sem <- struct{}{}:
		return func() { <-l.sem; done() }, nil
	case <-ctx.Done():
		done()
		return nil, ctx.Err()
	}
}
