<?php
// As the official image's wp-config-docker.php: everything from the environment.
function getenv_docker( $env, $default ) {
	if ( $file = getenv( $env . '_FILE' ) ) {
		return rtrim( file_get_contents( $file ), "\r\n" );
	}
	$value = getenv( $env );
	return false !== $value ? $value : $default;
}
define( 'DB_NAME', getenv_docker( 'WORDPRESS_DB_NAME', 'wordpress' ) );
define( 'DB_USER', getenv_docker( 'WORDPRESS_DB_USER', 'example username' ) );
define( 'DB_PASSWORD', getenv_docker( 'WORDPRESS_DB_PASSWORD', 'example password' ) );
define( 'DB_HOST', getenv_docker( 'WORDPRESS_DB_HOST', 'mysql' ) );
define( 'DB_CHARSET', getenv_docker( 'WORDPRESS_DB_CHARSET', 'utf8mb4' ) );
define( 'DB_COLLATE', getenv_docker( 'WORDPRESS_DB_COLLATE', '' ) );
define( 'AUTH_KEY', getenv_docker( 'WORDPRESS_AUTH_KEY', 'put your unique phrase here' ) );
define( 'SECURE_AUTH_KEY', getenv_docker( 'WORDPRESS_SECURE_AUTH_KEY', 'put your unique phrase here' ) );
define( 'LOGGED_IN_KEY', getenv_docker( 'WORDPRESS_LOGGED_IN_KEY', 'put your unique phrase here' ) );
define( 'NONCE_KEY', getenv_docker( 'WORDPRESS_NONCE_KEY', 'put your unique phrase here' ) );
define( 'AUTH_SALT', getenv_docker( 'WORDPRESS_AUTH_SALT', 'put your unique phrase here' ) );
define( 'SECURE_AUTH_SALT', getenv_docker( 'WORDPRESS_SECURE_AUTH_SALT', 'put your unique phrase here' ) );
define( 'LOGGED_IN_SALT', getenv_docker( 'WORDPRESS_LOGGED_IN_SALT', 'put your unique phrase here' ) );
define( 'NONCE_SALT', getenv_docker( 'WORDPRESS_NONCE_SALT', 'put your unique phrase here' ) );
$table_prefix = getenv_docker( 'WORDPRESS_TABLE_PREFIX', 'wp_' );
define( 'WP_DEBUG', ! ! getenv_docker( 'WORDPRESS_DEBUG', '' ) );
if ( $config_extra = getenv_docker( 'WORDPRESS_CONFIG_EXTRA', '' ) ) {
	eval( $config_extra );
}
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
