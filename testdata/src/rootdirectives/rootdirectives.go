// Package rootdirectives has well-formed and malformed directives.
package rootdirectives

import "context"

// Claim is a well-formed acquisition.
//
//fencecheck:acquire
func Claim(ctx context.Context) (int64, error) { return 0, nil }

// Save is a well-formed guarded write.
//
//fencecheck:guarded token=tok
func Save(ctx context.Context, tok int64) error { return nil }

// Typo misspells a verb.
//
//fencecheck:acqire // want `unknown fencecheck directive "acqire"`
func Typo() {}

// NoParam names a parameter it does not have.
//
//fencecheck:guarded token=token // want `fencecheck:guarded token=token: NoParam has no parameter token`
func NoParam(ctx context.Context, tok int64) error { return nil }

// Prose mentions fencecheck: sink with a space, which is not a directive.
// fencecheck:sink
func Prose() {}

func body() {
	//fencecheck:ignore unfencd typo in the rule // want `unknown rule "unfencd"`
	_ = 2
}
