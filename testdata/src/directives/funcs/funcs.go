// Package funcs has well-formed function directives.
package funcs

import "context"

// Token is a fencing token.
type Token int64

// Lock takes the lease.
//
//fencecheck:acquire
func Lock(ctx context.Context) (Token, error) { return 1, nil } // want `^acquire$`

//fencecheck:release
func Unlock() {} // want `^release$`

// Work is a job handler.
// More prose after the directive still belongs to the doc comment.
//
//fencecheck:handler
func Work(ctx context.Context) error { // want `^handler$`
	tok, _ := Lock(ctx) // want `^call to Lock: acquire$`
	defer Unlock()      // want `^call to Unlock: release$`
	Save(ctx, "k", tok) // want `^call to Save: guarded token 2$`
	var s Store = &store{}
	s.Put("k") // want `^call to Store.Put: sink$`
	s.Probe()  // want `^call to Store.Probe: probe$`
	plain()
	return nil
}

//fencecheck:guarded token=tok
func Save(ctx context.Context, key string, tok Token) {} // want `^guarded token 2$`

//fencecheck:idempotent the row is keyed by job id
func Touch() {} // want `^idempotent \(the row is keyed by job id\)$`

// Store is a sink.
type Store interface {
	//fencecheck:sink
	Put(key string) // want `^sink$`

	// Probe checks ownership.
	//fencecheck:probe
	Probe() bool // want `^probe$`

	// Plain has no directive.
	Plain()
}

type store struct{}

//fencecheck:sink
func (*store) Put(key string) {} // want `^sink$`

//fencecheck:probe
func (store) Probe() bool { return true } // want `^probe$`

func (*store) Plain() {}

// Several directives on one function.
//
//fencecheck:handler
//fencecheck:idempotent retries are harmless
//fencecheck:probe
func Many() {} // want `^handler, probe, idempotent \(retries are harmless\)$`

// Generic functions and methods: calls through instantiations find the
// directives of the generic declaration.

//fencecheck:guarded token=t
func Put[T any](v T, t Token) {} // want `^guarded token 1$`

// Box is generic.
type Box[T any] struct{}

//fencecheck:sink
func (b *Box[T]) Write(v T) {} // want `^sink$`

func generic() {
	Put(1, 2)              // want `^call to Put: guarded token 1$`
	Put("x", 2)            // want `^call to Put: guarded token 1$`
	new(Box[int]).Write(1) // want `^call to Box.Write: sink$`
}

// Not directives: a space after the slashes makes prose.

// fencecheck:sink
func plain() {}

// fencecheck:acquire
func plain2() {}

/*fencecheck:sink*/
func plain3() {}

// A directive separated from the function by a blank line is not its doc
// comment: see package malformed.
