// Package malformed has malformed directives.
package malformed

import "context"

// want +2 `^unknown fencecheck directive "acqire" \(want one of acquire, handler, sink, guarded, probe, release, idempotent, ignore\)$`
//
//fencecheck:acqire
func typo() {}

func spaced() {
	// gofmt turns this into prose in a doc comment; in a body it stays.
	// want +1 `^fencecheck directive needs a verb right after "//fencecheck:"`
	//fencecheck: sink
}

// want +2 `^fencecheck:sink takes no arguments, got "now"$`
//
//fencecheck:sink now
func extra() {}

// want +2 `^fencecheck:guarded needs token=PARAM$`
//
//fencecheck:guarded
func noToken(tok int64) {}

// want +2 `^fencecheck:guarded token="1x" is not a Go identifier$`
//
//fencecheck:guarded token=1x
func badToken(tok int64) {}

// want +2 `^fencecheck:guarded token=tok: noSuchParam has no parameter tok \(its parameters are ctx, fence\)$`
//
//fencecheck:guarded token=tok
func noSuchParam(ctx context.Context, fence int64) {} // want `^guarded token -1$`

// want +2 `^fencecheck:guarded token=tok: Store.Put has no parameter tok \(it has no named parameters\)$`
//
//fencecheck:guarded token=tok
func (Store) Put(context.Context, int64) {} // want `^guarded token -1$`

// want +2 `^fencecheck:guarded token=s: Store.Recv has no parameter s \(it has no named parameters\)$`
//
//fencecheck:guarded token=s
func (s Store) Recv() {} // want `^guarded token -1$`

// want +2 `^fencecheck:idempotent needs a reason: //fencecheck:idempotent <why duplicate or late writes are harmless>$`
//
//fencecheck:idempotent
func noReason() {}

// Store is a type.
//
// want +2 `^fencecheck:sink must be on a function's doc comment$`
//
//fencecheck:sink
type Store struct{}

// want +2 `^fencecheck:handler must be on a function's doc comment$`
//
//fencecheck:handler
var v = func() {}

// want +1 `^fencecheck:acquire must be on a function's doc comment$`
//fencecheck:acquire

func blankLine() {}

func body() {
	// want +1 `^fencecheck:sink must be on a function's doc comment$`
	//fencecheck:sink
	_ = func() {}
}

// S has a func-typed field.
type S struct {
	// want +1 `^fencecheck:sink must be on a function's doc comment$`
	//fencecheck:sink
	Save func()
}

// want +2 `^fencecheck:probe must be on a function's doc comment$`
//
//fencecheck:probe
const c = 1

// Conflicts are reported at the later directive; both are kept.
//
// want +3 `^conflicting directives on both: fencecheck:sink and fencecheck:guarded$`
//
//fencecheck:sink
//fencecheck:guarded token=t
func both(t int64) {} // want `^sink, guarded token 0$`

// want +3 `^conflicting directives on lockUnlock: fencecheck:acquire and fencecheck:release$`
//
//fencecheck:release
//fencecheck:acquire
func lockUnlock() int64 { return 0 } // want `^acquire, release$`

// want +3 `^duplicate fencecheck:sink on twice$`
//
//fencecheck:sink
//fencecheck:sink
func twice() {} // want `^sink$`

// want +2 `^unknown rule "unfencd" in fencecheck:ignore \(want one of unfenced, preflight, clientcompare, weakguard, uncheckedfence\)$`
//
//fencecheck:ignore unfencd because
func badRule() {}

func missingReason() {
	// want +1 `^fencecheck:ignore needs a reason: //fencecheck:ignore unfenced <why this write is safe>$`
	//fencecheck:ignore unfenced
	_ = 1
	// want +1 `^fencecheck:ignore needs a rule and a reason: //fencecheck:ignore RULE <why this is safe>$`
	//fencecheck:ignore
	_ = 2
}

// Prose that mentions // fencecheck:sink or fencecheck:sink is not a
// directive.
// fencecheck:acqire
func prose() {}
