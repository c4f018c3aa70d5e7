package directive // want `analysed`

// Run runs under a lease.
//
//fencecheck:handler
func Run() {}
