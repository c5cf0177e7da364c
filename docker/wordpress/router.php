<?php
/**
 * Router for PHP's built-in server (`php -S 127.0.0.1:PORT router.php`, from the WordPress
 * directory): files that exist are served as they are (PHP files run), everything else goes to
 * WordPress's index.php, as Apache's rewrite rules in .htaccess would send it.
 *
 * @package FC_Fixture
 */

$fc_root = $_SERVER['DOCUMENT_ROOT'];
$fc_path = urldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );

if ( '/' !== $fc_path && false === strpos( $fc_path, '..' ) ) {
	$fc_file = $fc_root . $fc_path;
	if ( is_file( $fc_file ) ) {
		return false;
	}
	if ( is_dir( $fc_file ) && is_file( rtrim( $fc_file, '/' ) . '/index.php' ) ) {
		if ( '/' !== substr( $fc_path, -1 ) ) {
			header( 'Location: ' . $fc_path . '/', true, 301 );
			return true;
		}
		$_SERVER['SCRIPT_NAME']     = $fc_path . 'index.php';
		$_SERVER['PHP_SELF']        = $fc_path . 'index.php';
		$_SERVER['SCRIPT_FILENAME'] = $fc_file . 'index.php';
		chdir( $fc_file );
		require $fc_file . 'index.php';
		return true;
	}
}

$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $fc_root . '/index.php';
chdir( $fc_root );
require $fc_root . '/index.php';
