// Command sync imports a module that the module proxy does not serve.
package main

import "example.invalid/private/client"

func main() { client.Run() }
