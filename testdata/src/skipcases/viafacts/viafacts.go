package viafacts // want `analysed`

import (
	"context"

	"skipcases/usessql"
)

// Call calls a package that exported a fact.
func Call(ctx context.Context) { usessql.Save(ctx, nil) }
