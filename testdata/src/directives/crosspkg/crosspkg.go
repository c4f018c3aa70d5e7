// Package crosspkg calls functions with directives declared in another
// package: the directives analyzer knows only its own package's.
package crosspkg

import (
	"context"

	"directives/funcs"
)

func use(ctx context.Context, s funcs.Store) {
	tok, _ := funcs.Lock(ctx)
	funcs.Save(ctx, "k", tok)
	s.Put("k")
	funcs.Put(1, tok)
}

// local is declared here, so its directive is known.
//
//fencecheck:sink
func local() {} // want `^sink$`

func useLocal() {
	local() // want `^call to local: sink$`
}
