// Package useweb imports web, which does not load.
package useweb

import "example.com/partial/web"

var _ = web.FS
