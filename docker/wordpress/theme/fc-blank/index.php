<?php
/**
 * FC blank: no templates. A visitor of the WordPress host gets a short page pointing at the
 * REST API (the public site lives elsewhere).
 *
 * @package FC_Blank_Theme
 */

defined( 'ABSPATH' ) || exit;
status_header( is_404() ? 404 : 200 );
header( 'Content-Type: text/html; charset=UTF-8' );
?><!doctype html>
<html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex"><title><?php echo esc_html( get_bloginfo( 'name' ) ); ?></title>
<p>This WordPress serves FC's content over the <a href="<?php echo esc_url( rest_url() ); ?>">REST API</a>.</p>
</html>
