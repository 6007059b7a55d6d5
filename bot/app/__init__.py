"""The Discord side: commands, buttons and messages that translate to and from the services."""
